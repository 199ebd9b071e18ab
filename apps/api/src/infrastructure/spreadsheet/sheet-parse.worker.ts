import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/**
 * Parses the first sheet of an .xlsx/.xls file into rows of strings, off the request thread (SpreadsheetReader runs it
 * with time and memory limits). It reads at most `maxRows + 1` data rows beyond the header (`sheetRows`) and says how
 * many the sheet declares, so an oversized sheet is refused without being held whole.
 */
export interface ParseRequest {
  path: string;
  maxRows: number;
}

export type ParseAnswer =
  | { ok: true; rows: string[][]; truncated: boolean }
  | { ok: false; reason: 'unreadable' | 'empty' };

function cell(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

function parse({ path, maxRows }: ParseRequest): ParseAnswer {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(readFileSync(path), { type: 'buffer', dense: true, sheetRows: maxRows + 2, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false });
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  const first = wb.SheetNames[0];
  const ws = first ? wb.Sheets[first] : undefined;
  if (!ws) return { ok: false, reason: 'empty' };
  // sheetRows counts sheet rows, blank ones too: a read that reached it was cut short, and the sheet holds more rows
  // than an import takes, whatever the rows left after dropping blank ones (else rows would be lost silently). The
  // sheet's own range (`!fullref`, kept by sheetRows) says so too when the file declares one.
  const read = ws['!ref'] ? XLSX.utils.decode_range(ws['!ref']).e.r + 1 : 0;
  const declared = ws['!fullref'] ? XLSX.utils.decode_range(ws['!fullref']).e.r + 1 : 0;
  const truncated = read >= maxRows + 2 || declared > maxRows + 1;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: false, defval: '', blankrows: false }).map((r) => r.map(cell));
  return { ok: true, rows, truncated };
}

parentPort?.postMessage(parse(workerData as ParseRequest));
