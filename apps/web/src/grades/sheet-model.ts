import { type GradeSheet, type SaveSheetInput, SCORE_TYPING, type ScoreItemHead, type ScoreMark, scoreProblem } from '@schoolflow/contracts';

/**
 * A score sheet as the page types it, and what the page computes from it: the typed text of every cell, each cell's
 * problem as one types, the score of a row with score items, the rows to save, a pasted column, the summary line.
 * Pure, so the unit tests hold the page's rules.
 */

/** One row as typed: the score (or, with score items, each item) as text, and a mark. */
export interface RowValues {
  score: string;
  mark: ScoreMark | '';
  items: Record<string, string>;
}

export interface SheetValues {
  rows: RowValues[];
}

const text = (n: number | null | undefined): string => (typeof n === 'number' && Number.isFinite(n) ? String(n) : '');

export function toValues(sheet: Pick<GradeSheet, 'rows' | 'items'>): SheetValues {
  return {
    rows: sheet.rows.map((r) => ({
      score: text(r.score),
      mark: r.mark ?? '',
      items: Object.fromEntries(sheet.items.map((it) => [it.id, text(r.items[it.id])])),
    })),
  };
}

/** Whether a keystroke may stand: digits with at most two decimals (SCORE_TYPING), or nothing. */
export function mayType(next: string): boolean {
  return SCORE_TYPING.test(next);
}

/** The typed text of a cell as a number, or null when empty. */
export function parsed(value: string): number | null {
  const v = value.trim();
  return v === '' ? null : Number(v);
}

/** A cell's problem as one types (a `validation.*` key), or null: an empty cell has none. */
export function cellProblem(value: string, fullMarks: number): string | null {
  const n = parsed(value);
  return n === null ? null : scoreProblem(n, fullMarks);
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/** A row's score: with score items their sum (null when none is typed), else the typed score; a mark has none. */
export function rowScore(row: RowValues, items: readonly ScoreItemHead[]): number | null {
  if (row.mark !== '') return null;
  if (items.length === 0) {
    const n = parsed(row.score);
    return n === null || Number.isNaN(n) ? null : n;
  }
  const given = items.map((it) => parsed(row.items[it.id] ?? '')).filter((n): n is number => n !== null && !Number.isNaN(n));
  return given.length === 0 ? null : round2(given.reduce((a, b) => a + b, 0));
}

/** Every cell with a problem: its row, its column (`score` or an item id) and the key. */
export function problems(values: SheetValues, sheet: Pick<GradeSheet, 'items' | 'fullMarks'>): { row: number; column: string; problem: string }[] {
  const out: { row: number; column: string; problem: string }[] = [];
  values.rows.forEach((row, i) => {
    if (row.mark !== '') return; // a mark stands instead of a score: what is typed beside it is not saved
    if (sheet.items.length === 0) {
      const p = cellProblem(row.score, sheet.fullMarks);
      if (p) out.push({ row: i, column: 'score', problem: p });
      return;
    }
    for (const it of sheet.items) {
      const p = cellProblem(row.items[it.id] ?? '', it.fullMarks);
      if (p) out.push({ row: i, column: it.id, problem: p });
    }
    const total = rowScore(row, sheet.items);
    const p = total === null ? null : scoreProblem(total, sheet.fullMarks);
    if (p) out.push({ row: i, column: 'score', problem: p });
  });
  return out;
}

/** The body of a save: the rows given (the changed ones), as the API takes them. */
export function saveBody(sheet: Pick<GradeSheet, 'rows' | 'items'>, values: SheetValues, rows: readonly number[]): SaveSheetInput {
  return {
    scores: rows.flatMap((i): SaveSheetInput['scores'] => {
      const student = sheet.rows[i];
      const row = values.rows[i];
      if (!student || !row) return [];
      const mark = row.mark === '' ? null : row.mark;
      if (sheet.items.length === 0) return [{ studentId: student.studentId, score: mark ? null : parsed(row.score), mark }];
      const items = Object.fromEntries(sheet.items.map((it) => [it.id, mark ? null : parsed(row.items[it.id] ?? '')]));
      return [{ studentId: student.studentId, mark, items }];
    }),
  };
}

/** The words that mean a mark when typed or pasted into a score cell (both languages). */
const MARK_WORDS: Readonly<Record<string, ScoreMark>> = { 缺考: 'absent', 免考: 'exempt', absent: 'absent', exempt: 'exempt' };

export function markOf(value: string): ScoreMark | null {
  const v = value.trim().toLowerCase();
  return Object.hasOwn(MARK_WORDS, v) ? (MARK_WORDS[v] ?? null) : null;
}

/**
 * A block copied from a spreadsheet: lines (\n or \r\n; the trailing empty line Excel adds dropped) of cells (tabs).
 * A single value without a line break is one line of one cell.
 */
export function parsePaste(clip: string): string[][] {
  const lines = clip.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines.map((line) => line.split('\t').map((c) => c.trim()));
}

/** What one pasted value does to a cell: set it, set the row's mark, or nothing (not a score). */
export type PastedValue = { kind: 'value'; value: string } | { kind: 'mark'; mark: ScoreMark } | { kind: 'skip' };

export function pastedValue(cell: string): PastedValue {
  const mark = markOf(cell);
  if (mark) return { kind: 'mark', mark };
  // "95.0" from a spreadsheet's number format: trailing zeros of the decimals do not count against the two allowed
  const v = cell.replace(/^(\d+)\.(\d*?)0+$/, (_m, a: string, b: string) => (b === '' ? a : `${a}.${b}`));
  return mayType(v) ? { kind: 'value', value: v } : { kind: 'skip' };
}

export interface Summary {
  /** Rows with a score. */
  count: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  absent: number;
  exempt: number;
  /** Rows with neither a score nor a mark (the sheet cannot be submitted while there are any). */
  missing: number;
}

/**
 * The summary line. Given the paper's full marks, a row the sheet flags (a cell with a problem: 200 on a 150-mark
 * paper) is left out of the count, average, highest and lowest — it is not a score the sheet will save.
 */
export function summarize(values: SheetValues, items: readonly ScoreItemHead[], fullMarks?: number): Summary {
  const flagged = new Set(fullMarks === undefined ? [] : problems(values, { items: [...items], fullMarks }).map((p) => p.row));
  const scores: number[] = [];
  let absent = 0;
  let exempt = 0;
  let missing = 0;
  values.rows.forEach((row, i) => {
    if (row.mark === 'absent') absent++;
    else if (row.mark === 'exempt') exempt++;
    else {
      const s = rowScore(row, items);
      if (s === null) missing++;
      else if (!flagged.has(i)) scores.push(s);
    }
  });
  const count = scores.length;
  return {
    count,
    average: count ? round2(scores.reduce((a, b) => a + b, 0) / count) : null,
    highest: count ? Math.max(...scores) : null,
    lowest: count ? Math.min(...scores) : null,
    absent,
    exempt,
    missing,
  };
}

/** Whether two rows differ in what is saved (a row typed and typed back is not a change). */
export function sameRow(a: RowValues, b: RowValues, items: readonly ScoreItemHead[]): boolean {
  if (a.mark !== b.mark) return false;
  if (a.mark !== '') return true;
  if (items.length === 0) return parsed(a.score) === parsed(b.score);
  return items.every((it) => parsed(a.items[it.id] ?? '') === parsed(b.items[it.id] ?? ''));
}

/** The indexes of the rows that differ from what was loaded or last saved. */
export function changedRows(saved: SheetValues, now: SheetValues, items: readonly ScoreItemHead[]): number[] {
  return now.rows.flatMap((row, i) => {
    const before = saved.rows[i];
    return before && sameRow(before, row, items) ? [] : [i];
  });
}
