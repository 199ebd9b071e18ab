import { describe, expect, it } from '@jest/globals';
import * as XLSX from '@e965/xlsx';
import { zipSummary } from './zip-directory.js';

function workbook(rows: string[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'users');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('the zip directory of an .xlsx', () => {
  it('counts the entries and the bytes they claim uncompressed', () => {
    const small = zipSummary(workbook([['账号'], ['a']]));
    const large = zipSummary(workbook(Array.from({ length: 2000 }, (_, i) => [`row ${i}`, 'x'.repeat(50)])));
    expect(small).toMatchObject({ ok: true });
    expect(small.ok && small.entries).toBeGreaterThanOrEqual(4);
    expect(large.ok && small.ok && large.uncompressed > small.uncompressed + 100_000).toBe(true);
  });

  it('is not a zip without its end record, nor with a directory pointing outside the file', () => {
    expect(zipSummary(Buffer.from('PK\u0003\u0004 nothing more'))).toEqual({ ok: false });
    expect(zipSummary(Buffer.alloc(0))).toEqual({ ok: false });
    const bytes = workbook([['a']]);
    const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const broken = Buffer.from(bytes);
    broken.writeUInt32LE(bytes.length * 2, end + 16); // the directory's offset beyond the file
    expect(zipSummary(broken)).toEqual({ ok: false });
    expect(zipSummary(bytes.subarray(0, bytes.length - 30))).toEqual({ ok: false }); // cut short
  });
});
