import { describe, expect, it } from '@jest/globals';
import type { PublishedScore } from '@schoolflow/contracts';
import { reportTable, semesterTotal } from './semester-report.js';

const score = (over: Partial<PublishedScore>): PublishedScore => ({
  batchId: 'b1',
  batchName: '期中考试',
  examNodeName: '期中',
  semesterId: 's1',
  semesterName: '2025-2026学年第一学期',
  courseId: 'math',
  courseName: '数学',
  score: 90,
  mark: null,
  fullMarks: 100,
  rank: null,
  level: null,
  colour: null,
  publishedAt: '2026-01-10T00:00:00.000Z',
  ...over,
});

describe('semester total', () => {
  it('is the weighted mean of the percentages of the exams that have a score', () => {
    // 135/150 = 90 % at weight 40, 80/100 at weight 60: (40·90 + 60·80) / 100 = 84
    expect(semesterTotal([{ score: 135, fullMarks: 150, weight: 40 }, { score: 80, fullMarks: 100, weight: 60 }])).toBe(84);
    // an exam without a score (absent, exempt) counts nowhere: its weight is not in the divisor
    expect(semesterTotal([{ score: null, fullMarks: 100, weight: 40 }, { score: 80, fullMarks: 100, weight: 60 }])).toBe(80);
    // one decimal
    expect(semesterTotal([{ score: 2, fullMarks: 3, weight: 1 }])).toBe(66.7);
  });

  it('is the plain mean when the exams counted weigh nothing, and nothing without any score', () => {
    expect(semesterTotal([{ score: 90, fullMarks: 100, weight: 0 }, { score: 70, fullMarks: 100, weight: 0 }])).toBe(80);
    expect(semesterTotal([{ score: null, fullMarks: 100, weight: 50 }])).toBeNull();
    expect(semesterTotal([])).toBeNull();
  });
});

describe('report table', () => {
  it('one column per batch, one row per course, each course its total by the exam nodes’ weights', () => {
    const t = reportTable(
      [
        score({ batchId: 'mid', examNodeName: '期中', courseId: 'math', courseName: '数学', score: 135, fullMarks: 150, rank: 'A', level: '优秀', colour: '#21ba45' }),
        score({ batchId: 'mid', examNodeName: '期中', courseId: 'chinese', courseName: '语文', score: null, mark: 'absent' }),
        score({ batchId: 'final', examNodeName: '期末', courseId: 'math', courseName: '数学', score: 80 }),
      ],
      new Map([
        ['mid', 40],
        ['final', 60],
      ]),
    );
    expect(t.exams).toEqual([
      { batchId: 'mid', title: '期中', weight: 40 },
      { batchId: 'final', title: '期末', weight: 60 },
    ]);
    expect(t.courses.map((c) => [c.name, c.cells.map((x) => x?.score ?? x?.mark ?? null), c.total])).toEqual([
      ['数学', [135, 80], 84],
      ['语文', ['absent', null], null],
    ]);
    expect(t.courses[0]?.cells[0]).toMatchObject({ rank: 'A', level: '优秀', colour: '#21ba45' });
  });

  it('two batches at one exam node are told apart by their names', () => {
    const t = reportTable([score({ batchId: 'm1', batchName: '第一次月考', examNodeName: '月考' }), score({ batchId: 'm2', batchName: '第二次月考', examNodeName: '月考' })], new Map());
    expect(t.exams.map((e) => e.title)).toEqual(['月考 第一次月考', '月考 第二次月考']);
  });
});
