import type { SurveyOption } from '@schoolflow/contracts';
import type { ExportResponse } from './results.repository.js';
import type { ResultQuestion } from './stats-shape.js';

/** Texts the export needs, in the caller's language (surveys.results.export.*). */
export interface ExportTexts {
  time: string;
  className: string;
  grade: string;
  respondent: string;
  account: string;
  /** Joins a multiple choice's options and a matrix's cells. */
  separator: string;
}

/** Who answered is a column only when the questionnaire records it (never for an anonymous one). */
export function exportHeader(questions: readonly ResultQuestion[], t: ExportTexts, named: boolean): string[] {
  return [t.time, t.className, t.grade, ...(named ? [t.respondent, t.account] : []), ...questions.map((q) => `${q.position + 1}. ${q.title}`)];
}

/** Column widths in characters, from the header (a question's column wider). */
export function exportWidths(header: readonly string[]): number[] {
  return header.map((h, i) => (i < 3 ? 18 : Math.max(12, Math.min(40, [...h].length + 2))));
}

const label = (options: readonly SurveyOption[], i: number | null): string => (i === null ? '' : (options[i]?.label ?? String(i + 1)));

/**
 * One response as a sheet row: each question's answer as people read it — options by label, a multiple choice's
 * labels joined, a rating's number, a matrix as "row: column" per row (rows by label, or the teacher's name), a date
 * as YYYY-MM-DD, a text as written. Unanswered questions are blank cells. `time` is the school's local time text.
 */
export function exportRow(r: ExportResponse, questions: readonly ResultQuestion[], teachers: ReadonlyMap<string, string>, t: ExportTexts, named: boolean, time: string): unknown[] {
  const byQuestion = new Map<string, ExportResponse['answers']>();
  for (const a of r.answers) byQuestion.set(a[0], [...(byQuestion.get(a[0]) ?? []), a]);
  const cells = questions.map((q): unknown => {
    const mine = byQuestion.get(q.id) ?? [];
    if (mine.length === 0) return '';
    switch (q.type) {
      case 'single':
        return label(q.options, mine[0]?.[1] ?? null);
      case 'multiple':
        return mine.map((a) => label(q.options, a[1])).join(t.separator);
      case 'rating':
        return mine[0]?.[4] === null || mine[0]?.[4] === undefined ? '' : Number(mine[0][4]);
      case 'matrix':
        return mine
          .map(([, option, rowIndex, rowRef, number]) => {
            const row = rowRef !== null ? (teachers.get(rowRef) ?? '') : (q.rows[rowIndex ?? -1] ?? String((rowIndex ?? 0) + 1));
            const column = option ?? (number === null ? null : Number(number) - 1);
            return `${row}: ${label(q.options, column)}`;
          })
          .join(t.separator);
      case 'date':
        return mine[0]?.[6] ?? '';
      case 'text':
        return mine[0]?.[5] ?? '';
    }
  });
  return [time, r.className ?? '', r.grade ?? '', ...(named ? [r.respondentName ?? '', r.respondentAccount ?? ''] : []), ...cells];
}
