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

/** Excel's limit on a sheet name, in UTF-16 units. */
export const SHEET_NAME_MAX = 31;

/** The sheet name Excel keeps for itself (track changes), in any case. */
const RESERVED_SHEET_NAME = 'history';

/**
 * A valid, unused sheet name made from a name people gave (a class, a teacher, a room). Excel refuses a workbook
 * with a sheet named `History` in any case, one that starts or ends with an apostrophe, holds any of `[ ] : * ? / \`,
 * is empty or longer than 31 characters, or repeats another sheet's name ignoring case; so those characters become
 * spaces, apostrophes at either end go, control characters go (XML holds few of them), the cut never splits a
 * character outside the BMP, and a name already taken or reserved is numbered: `History (2)`, `Class 1 (3)`.
 * `taken` holds the names used so far, in lower case; the answer is added to it. Nothing usable gives `fallback`.
 */
export function sheetName(name: string, taken: Set<string>, fallback = 'Sheet'): string {
  const base = cleanSheetName(name) || cleanSheetName(fallback) || 'Sheet';
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const out = fitSheetName(base, SHEET_NAME_MAX - suffix.length) + suffix;
    const key = out.toLowerCase();
    if (key !== RESERVED_SHEET_NAME && !taken.has(key)) {
      taken.add(key);
      return out;
    }
  }
}

function cleanSheetName(name: string): string {
  return (
    name
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[' ]+|[' ]+$/g, '')
  );
}

/** The longest start of `s` within `max` UTF-16 units that splits no surrogate pair and ends in no apostrophe or space. */
function fitSheetName(s: string, max: number): string {
  let out = '';
  for (const ch of s) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out.replace(/[' ]+$/, '');
}
