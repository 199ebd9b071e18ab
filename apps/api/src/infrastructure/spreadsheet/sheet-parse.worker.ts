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
  | { ok: true; rows: string[][]; declaredRows: number }
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
  // With sheetRows, `!fullref` keeps the sheet's own range: how many rows it has, though not all were read.
  const range = ws['!fullref'] ?? ws['!ref'];
  const declaredRows = range ? XLSX.utils.decode_range(range).e.r + 1 : 0;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: false, defval: '', blankrows: false }).map((r) => r.map(cell));
  return { ok: true, rows, declaredRows };
}

parentPort?.postMessage(parse(workerData as ParseRequest));
