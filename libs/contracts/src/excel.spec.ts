import { describe, expect, it } from '@jest/globals';
import { escapeCell, sheetRows } from './excel.js';

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
