import { describe, expect, it } from '@jest/globals';
import type { PublishedScore } from '@schoolflow/contracts';
import { bySemester, scoreText } from './report-format.js';

const s = (semesterId: string, batchId: string, courseName: string): PublishedScore => ({
  batchId,
  batchName: `批次${batchId}`,
  examNodeName: '期中',
  semesterId,
  semesterName: `学期${semesterId}`,
  courseId: courseName,
  courseName,
  score: 90,
  mark: null,
  fullMarks: 100,
  rank: null,
  level: null,
  colour: null,
  publishedAt: '2026-01-10T00:00:00.000Z',
});

describe('published scores by semester', () => {
  it('groups by semester and batch in the server’s order, the latest semester first', () => {
    const groups = bySemester([s('1', 'a', '语文'), s('1', 'a', '数学'), s('1', 'b', '语文'), s('2', 'c', '语文')]);
    expect(groups.map((g) => [g.semesterId, g.batches.map((b) => [b.batchId, b.scores.map((x) => x.courseName)])])).toEqual([
      ['2', [['c', ['语文']]]],
      ['1', [['a', ['语文', '数学']], ['b', ['语文']]]],
    ]);
  });

  it('writes a score with at most two decimals', () => {
    expect(scoreText(95)).toBe('95');
    expect(scoreText(95.5)).toBe('95.5');
    expect(scoreText(95.255)).toBe('95.26');
  });
});
