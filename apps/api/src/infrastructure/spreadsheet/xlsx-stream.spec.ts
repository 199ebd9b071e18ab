import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { columnName, XlsxStreamWriter } from './xlsx-stream.js';
import { zipSummary } from './zip-directory.js';

async function written(fill: (w: XlsxStreamWriter) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const w = new XlsxStreamWriter(out);
  await fill(w);
  await ended;
  return Buffer.concat(parts);
}

describe('an .xlsx written as a stream', () => {
  it('reads back in SheetJS: header, numbers, texts (escaped), blanks, many rows', async () => {
    const bytes = await written(async (w) => {
      await w.start('结果 results', [10, 20]);
      await w.addRow(['时间', 'Q1 <&>', 'Q2']);
      await w.addRow(['2026-11-28', 4, '=SUM(A1)']);
      await w.addRow(['', null, '换行\n第二行\u0001']);
      for (let i = 0; i < 3000; i++) await w.addRow([`r${i}`, i, 'x'.repeat(40)]);
      await w.finish();
    });
    expect(zipSummary(bytes)).toMatchObject({ ok: true, entries: 6 });
    const wb = XLSX.read(bytes, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['结果 results']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1, defval: '' });
    expect(rows[0]).toEqual(['时间', 'Q1 <&>', 'Q2']);
    expect(rows[1]).toEqual(['2026-11-28', 4, "'=SUM(A1)"]);
    expect(rows[2]).toEqual(['', '', '换行\n第二行']);
    expect(rows).toHaveLength(3003);
    expect(rows[3002]).toEqual(['r2999', 2999, 'x'.repeat(40)]);
  });

  it('names columns past Z', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
