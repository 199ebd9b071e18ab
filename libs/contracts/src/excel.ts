/**
 * Excel export rules shared by the server and the browser: a cell that a spreadsheet would run as a formula
 * (text starting with = + - @ tab or carriage return) gets a leading apostrophe, so data is never evaluated.
 */
export function escapeCell(v: unknown): string | number | boolean {
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  const s = v === null || v === undefined ? '' : String(v);
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export interface ExportColumn {
  key: string;
  title: string;
}

/** Header row plus escaped values: what a sheet is written from. */
export function sheetRows(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[]): (string | number | boolean)[][] {
  return [columns.map((c) => c.title), ...rows.map((r) => columns.map((c) => escapeCell(r[c.key])))];
}
