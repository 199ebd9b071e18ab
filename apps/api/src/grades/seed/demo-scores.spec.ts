import { describe, expect, it } from '@jest/globals';
import { scoreProblem } from '@schoolflow/contracts';
import { demoScore } from './demo-scores.js';

const COURSES: [string, number][] = [['CHN', 150], ['MATH', 150], ['ENG', 150], ['PHY', 100], ['CHEM', 100], ['BIO', 100], ['HIS', 100], ['GEO', 100], ['POL', 100], ['PE', 100]];
const STUDENTS = Array.from({ length: 180 }, (_, i) => `2025${i % 2 === 0 ? 1 : 2}1${String(i + 1).padStart(3, '0')}`);
const ITEMS = [{ id: 'q1', fullMarks: 40 }, { id: 'q2', fullMarks: 20 }, { id: 'q3', fullMarks: 90 }];

describe('demo scores', () => {
  const all = STUDENTS.flatMap((no) => COURSES.map(([course, full]) => ({ full, ...demoScore('高一期中考试', no, course, full) })));

  it('are the same on every run', () => {
    expect(demoScore('高一期中考试', '202511001', 'MATH', 150)).toEqual(demoScore('高一期中考试', '202511001', 'MATH', 150));
    expect(all.map((s) => s.score)).toEqual(STUDENTS.flatMap((no) => COURSES.map(([course, full]) => demoScore('高一期中考试', no, course, full).score)));
  });

  it('are scores a sheet accepts (0..full marks, two decimals at most), or a mark instead', () => {
    for (const s of all) {
      if (s.mark) expect(s.score).toBeNull();
      else expect(scoreProblem(s.score as number, s.full)).toBeNull();
    }
  });

  it('look like a school: around 75 %, some below the pass line, some excellent, a few absent', () => {
    const scored = all.filter((s) => s.score !== null);
    const rates = scored.map((s) => (s.score as number) / s.full);
    const mean = rates.reduce((a, b) => a + b, 0) / rates.length;
    expect(mean).toBeGreaterThan(0.7);
    expect(mean).toBeLessThan(0.8);
    const below = rates.filter((r) => r < 0.6).length / rates.length;
    expect(below).toBeGreaterThan(0.03);
    expect(below).toBeLessThan(0.15);
    expect(rates.filter((r) => r >= 0.85).length / rates.length).toBeGreaterThan(0.08);
    const absent = all.filter((s) => s.mark === 'absent').length;
    expect(absent).toBeGreaterThan(0);
    expect(absent).toBeLessThan(all.length * 0.02);
  });

  it('with a paper of items: every item within its marks, the score their sum', () => {
    for (const no of STUDENTS) {
      const s = demoScore('高一期中考试', no, 'MATH', 150, ITEMS);
      if (s.mark) continue;
      const values = ITEMS.map((i) => s.items[i.id] as number);
      ITEMS.forEach((item, i) => expect(values[i]).toBeGreaterThanOrEqual(0));
      ITEMS.forEach((item, i) => expect(values[i]).toBeLessThanOrEqual(item.fullMarks));
      expect(s.score).toBe(values.reduce((a, b) => a + b, 0));
    }
  });
});
