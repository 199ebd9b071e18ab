import { describe, expect, it } from '@jest/globals';
import type { GradeSheet, ScoreItemHead } from '@schoolflow/contracts';
import { cellProblem, changedRows, markOf, mayType, parsePaste, pastedValue, problems, rowScore, saveBody, summarize, toValues, type SheetValues } from './sheet-model.js';

const row = (i: number, score: number | null = null, mark: 'absent' | 'exempt' | null = null, items: Record<string, number | null> = {}) => ({
  studentId: `s${i}`,
  studentNo: `2025${i}`,
  name: `学生${i}`,
  score,
  mark,
  items,
});
const plain: Pick<GradeSheet, 'rows' | 'items' | 'fullMarks'> = { rows: [row(1, 90), row(2), row(3, null, 'absent')], items: [], fullMarks: 100 };
const withItems: Pick<GradeSheet, 'rows' | 'items' | 'fullMarks'> = {
  rows: [row(1, 35, null, { a: 20, b: 15 }), row(2)],
  items: [
    { id: 'a', name: '选择题', fullMarks: 40 },
    { id: 'b', name: '解答题', fullMarks: 60 },
  ],
  fullMarks: 100,
};

describe('the score sheet as typed', () => {
  it('takes the loaded scores, marks and items as text', () => {
    expect(toValues(plain).rows).toEqual([
      { score: '90', mark: '', items: {} },
      { score: '', mark: '', items: {} },
      { score: '', mark: 'absent', items: {} },
    ]);
    expect(toValues(withItems).rows[0]).toEqual({ score: '35', mark: '', items: { a: '20', b: '15' } });
  });

  it('lets a keystroke stand only for digits with at most two decimals', () => {
    for (const ok of ['', '9', '95', '100', '95.', '95.5', '95.25', '.5']) expect(mayType(ok)).toBe(true);
    for (const bad of ['95.255', 'a', '9a', '-1', '1e2', '95,5', '1000', ' 9']) expect(mayType(bad)).toBe(false);
  });

  it("names a cell's problem as one types: above full marks, not a number; none for an empty cell", () => {
    expect(cellProblem('', 100)).toBeNull();
    expect(cellProblem('100', 100)).toBeNull();
    expect(cellProblem('100.5', 100)).toBe('validation.scoreRange');
    expect(cellProblem('.', 100)).toBe('validation.scoreNotNumber');
  });

  it('sums score items into the score as one types, and checks the sum against full marks', () => {
    const v = toValues(withItems);
    expect(rowScore(v.rows[0]!, withItems.items)).toBe(35);
    v.rows[0]!.items.b = '15.25';
    expect(rowScore(v.rows[0]!, withItems.items)).toBe(35.25);
    v.rows[1]!.items.a = '41';
    expect(problems(v, withItems)).toEqual([{ row: 1, column: 'a', problem: 'validation.scoreRange' }]);
    expect(rowScore({ score: '', mark: 'absent', items: { a: '3' } }, withItems.items)).toBeNull();
  });

  it('saves only the rows given, a mark without a score, items without a score', () => {
    const v = toValues(plain);
    v.rows[1]!.score = '88.5';
    v.rows[0]!.mark = 'exempt';
    expect(changedRows(toValues(plain), v, plain.items)).toEqual([0, 1]);
    expect(saveBody(plain, v, [0, 1])).toEqual({
      scores: [
        { studentId: 's1', score: null, mark: 'exempt' },
        { studentId: 's2', score: 88.5, mark: null },
      ],
    });
    const w = toValues(withItems);
    w.rows[1]!.items.a = '30';
    expect(saveBody(withItems, w, changedRows(toValues(withItems), w, withItems.items))).toEqual({ scores: [{ studentId: 's2', mark: null, items: { a: 30, b: null } }] });
  });

  it('does not count a row typed back to what it was, nor 90 against 90.0', () => {
    const v = toValues(plain);
    v.rows[0]!.score = '90.0';
    expect(changedRows(toValues(plain), v, plain.items)).toEqual([]);
  });

  it('reads a column pasted from Excel: CRLF, the trailing empty line, tabs, marks in both languages', () => {
    expect(parsePaste('90\r\n85.5\r\n\r\n70\r\n')).toEqual([['90'], ['85.5'], [''], ['70']]);
    expect(parsePaste('90\t80\n')).toEqual([['90', '80']]);
    expect(parsePaste('77')).toEqual([['77']]);
    expect(pastedValue('95.50')).toEqual({ kind: 'value', value: '95.5' });
    expect(pastedValue('95.0')).toEqual({ kind: 'value', value: '95' });
    expect(pastedValue('缺考')).toEqual({ kind: 'mark', mark: 'absent' });
    expect(pastedValue(' Exempt ')).toEqual({ kind: 'mark', mark: 'exempt' });
    expect(pastedValue('abc')).toEqual({ kind: 'skip' });
    expect(pastedValue('95.123')).toEqual({ kind: 'skip' });
    expect(markOf('免考')).toBe('exempt');
    expect(markOf('90')).toBeNull();
  });

  it('summarizes: count, average, highest, lowest, and the rows without a score', () => {
    const v: SheetValues = {
      rows: [
        { score: '90', mark: '', items: {} },
        { score: '85.5', mark: '', items: {} },
        { score: '', mark: 'absent', items: {} },
        { score: '60', mark: 'exempt', items: {} },
        { score: '', mark: '', items: {} },
        { score: '71', mark: '', items: {} },
      ],
    };
    expect(summarize(v, [])).toEqual({ count: 3, average: 82.17, highest: 90, lowest: 71, absent: 1, exempt: 1, missing: 1 });
    expect(summarize({ rows: [] }, [])).toEqual({ count: 0, average: null, highest: null, lowest: null, absent: 0, exempt: 0, missing: 0 });
  });

  it('leaves out of the summary a score the sheet flags (200 on a 150-mark paper; an item above its own marks)', () => {
    const v: SheetValues = { rows: [{ score: '120', mark: '', items: {} }, { score: '200', mark: '', items: {} }, { score: '90', mark: '', items: {} }] };
    expect(summarize(v, [], 150)).toEqual({ count: 2, average: 105, highest: 120, lowest: 90, absent: 0, exempt: 0, missing: 0 });
    const items: ScoreItemHead[] = [{ id: 'a', name: 'A', fullMarks: 50 }, { id: 'b', name: 'B', fullMarks: 100 }];
    const withItems: SheetValues = { rows: [{ score: '', mark: '', items: { a: '40', b: '90' } }, { score: '', mark: '', items: { a: '80', b: '10' } }] };
    expect(summarize(withItems, items, 150)).toMatchObject({ count: 1, average: 130, highest: 130, lowest: 130 });
  });
});
