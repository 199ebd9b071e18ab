import { describe, expect, it } from '@jest/globals';
import { escapeCell, SHEET_NAME_MAX, sheetName, sheetRows } from './excel.js';

describe('Excel export escaping', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['plain', 'plain'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (input, out) => {
    expect(escapeCell(input)).toBe(out);
  });

  it('keeps numbers and booleans as values, and turns null into an empty cell', () => {
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(true)).toBe(true);
    expect(escapeCell(null)).toBe('');
  });

  it('writes the header then the escaped rows in column order', () => {
    expect(sheetRows([{ key: 'b', title: 'B' }, { key: 'a', title: 'A' }], [{ a: '=x', b: 1 }])).toEqual([['B', 'A'], [1, "'=x"]]);
  });
});

describe('sheet names Excel takes (issue 32, finding 6: the timetable export answered 500 for a room named History)', () => {
  const named = (...names: string[]): string[] => {
    const taken = new Set<string>();
    return names.map((n) => sheetName(n, taken, 'Timetable'));
  };

  it.each([
    ['History', 'History (2)'],
    ['history', 'history (2)'],
    ["'A'", 'A'],
    ["'Room 1", 'Room 1'],
    ["Room 1'", 'Room 1'],
    ['a[b]:c*d?e/f\\g', 'a b c d e f g'],
    ['tab\there\u0001', 'tab here'],
    ['', 'Timetable'],
    ["'''", 'Timetable'],
    ['高一(1)班', '高一(1)班'],
  ])('%j → %j', (input, out) => {
    expect(named(input)).toEqual([out]);
  });

  it('cuts at 31 characters without splitting an emoji or leaving an apostrophe at the end', () => {
    expect(named('x'.repeat(29) + '😀😀')).toEqual(['x'.repeat(29) + '😀']);
    expect(named('x'.repeat(30) + '😀')).toEqual(['x'.repeat(30)]);
    expect(named('y'.repeat(30) + "'z")).toEqual(['y'.repeat(30)]);
  });

  it('numbers names taken already, ignoring case, and keeps the numbered ones within 31', () => {
    const out = named('Class A', 'CLASS A', 'class a', 'z'.repeat(40), 'z'.repeat(35));
    expect(out).toEqual(['Class A', 'CLASS A (2)', 'class a (3)', 'z'.repeat(31), `${'z'.repeat(27)} (2)`]);
  });

  it('answers only names that pass every rule, whatever it is given', () => {
    const taken = new Set<string>();
    const given = ['History', 'HISTORY', "'", "a'", '[]', '😀'.repeat(20), 'x\ud800', ' History ', 'History (2)', "History'"];
    for (const n of given) {
      const out = sheetName(n, taken);
      expect(out.length).toBeGreaterThan(0);
      expect(out.length).toBeLessThanOrEqual(SHEET_NAME_MAX);
      expect(out).not.toMatch(/[[\]:*?/\\]|^'|'$/);
      expect(out.toLowerCase()).not.toBe('history');
    }
    expect(taken.size).toBe(given.length);
  });
});
