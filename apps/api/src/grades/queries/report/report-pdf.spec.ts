import { describe, expect, it } from '@jest/globals';
import { pdfText } from '../../../../../../test/support/pdf-text.js';
import { renderReport } from './report-pdf.js';
import type { SemesterReport } from './semester-report.js';

// The report as drawn, read back through its embedded font's ToUnicode map: what the paper says in each language.
const report = (over: Partial<SemesterReport> = {}): SemesterReport => ({
  lang: 'zh',
  school: 'SchoolFlow 实验中学',
  student: { id: '00000000-0000-4000-8000-000000000001', name: '王子轩', studentNo: '202511001', className: '高一(1)班' },
  semester: { id: '00000000-0000-4000-8000-000000000002', name: '2025-2026学年第一学期' },
  exams: [
    { batchId: 'mid', title: '期中', weight: 40 },
    { batchId: 'final', title: '期末', weight: 60 },
  ],
  courses: [
    {
      courseId: 'math',
      name: '数学',
      cells: [
        { score: 135, mark: null, fullMarks: 150, rank: 'A', level: '优秀', colour: '#21ba45' },
        { score: 80, mark: null, fullMarks: 100, rank: 'B', level: '良好', colour: '' },
      ],
      total: 84,
    },
    { courseId: 'chinese', name: '语文', cells: [{ score: null, mark: 'absent', fullMarks: 150, rank: null, level: null, colour: null }, null], total: null },
  ],
  date: '2026-01-20',
  ...over,
});
const text = async (r: SemesterReport) => pdfText(await renderReport(r)).join(' ').replace(/\s+/g, ' ');

describe('semester report PDF', () => {
  it('says the school, the title, the student, and per course each exam’s score with rank and level and the weighted total', async () => {
    const zh = await text(report());
    expect(zh).toContain('SchoolFlow 实验中学');
    expect(zh).toContain('期末报告');
    expect(zh).toContain('姓名： 王子轩');
    expect(zh).toContain('202511001');
    expect(zh).toContain('高一(1)班');
    expect(zh).toContain('2025-2026学年第一学期');
    expect(zh).toContain('课程 期中 权重 40 期末 权重 60 学期总评');
    expect(zh).toContain('数学 135 / 150 A · 优秀 80 / 100 B · 良好 84.0');
    expect(zh).toContain('语文 缺考 — —');
    expect(zh).toContain('学期总评：各次考试成绩按满分折算为百分制');
    expect(zh).toContain('2026 年 1 月 20 日');
  });

  it('in English', async () => {
    const en = await text(report({ lang: 'en', school: 'SchoolFlow Experimental High School', student: { id: 'x', name: 'Wang Zixuan', studentNo: '202511001', className: 'Grade 10 Class 1' }, semester: { id: 'y', name: '2025-2026 semester 1' } }));
    expect(en).toContain('SchoolFlow Experimental High School');
    expect(en).toContain('Semester report');
    expect(en).toContain('Wang Zixuan');
    expect(en).toContain('Course 期中 weight 40 期末 weight 60 Semester total');
    expect(en).toContain('Absent');
    expect(en).toContain('Semester total: each exam');
    expect(en).toContain('January 20, 2026');
  });

  it('before any grade of the semester is published, says so instead of an empty table', async () => {
    const zh = await text(report({ exams: [], courses: [] }));
    expect(zh).toContain('本学期尚无已发布的成绩。');
    expect(zh).not.toContain('学期总评');
  });

  it('a long table goes on to a second page with its header again', async () => {
    const courses = Array.from({ length: 30 }, (_, i) => ({ courseId: `c${i}`, name: `课程${i + 1}`, cells: [null, null], total: null }));
    const lines = pdfText(await renderReport(report({ courses })));
    expect(lines.filter((l) => l === '学期总评').length).toBe(2);
    expect(lines).toContain('课程30');
  });
});

describe('semester report PDF layout', () => {
  it('a semester of many exams is printed landscape, every score whole', async () => {
    const exams = Array.from({ length: 7 }, (_, i) => ({ batchId: `b${i}`, title: `月考${i + 1}`, weight: 0 }));
    const cell = { score: 145.5, mark: null, fullMarks: 150, rank: 'A', level: '优秀', colour: '' };
    const pdf = await renderReport(report({ exams, courses: [{ courseId: 'math', name: '数学', cells: exams.map(() => cell), total: 97 }] }));
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    expect(pdfText(pdf).filter((l) => l === '145.5 / 150').length).toBe(7);
  });
});
