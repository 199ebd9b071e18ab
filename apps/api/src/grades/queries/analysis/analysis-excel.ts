import { type AnalysisAnswer, type ExportColumn, type Language, SCORE_BANDS } from '@schoolflow/contracts';
import { xlsxOf } from '../../../admin/shared/admin-support.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';

/** The kind's key in `grades.analysis.kinds`. */
export const kindKey = (kind: AnalysisAnswer['kind']): string => kind.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** The band titles of SCORE_BANDS: below the first edge, between edges, from the last edge on. */
export function bandTitles(lang: Language): string[] {
  const e = [...SCORE_BANDS];
  return [
    translate(lang, 'grades.analysis.bands.below', { to: e[0] }),
    ...e.slice(1).map((to, i) => translate(lang, 'grades.analysis.bands.between', { from: e[i], to })),
    translate(lang, 'grades.analysis.bands.from', { from: e[e.length - 1] }),
  ];
}

/**
 * An answer as the table the page shows, for Excel: headers in the caller's language, a mark as its word, a rate the
 * course has none of (no scale) as an empty cell. Cells are escaped by `sheetRows` (text a spreadsheet would run as a
 * formula — a class named "=1+1" — is written as text).
 */
export function analysisTable(a: AnalysisAnswer, lang: Language): { columns: ExportColumn[]; rows: Record<string, unknown>[] } {
  const col = (key: string, title = translate(lang, `grades.analysis.columns.${key}`)): ExportColumn => ({ key, title });
  switch (a.kind) {
    case 'admin-class':
    case 'teaching-class': {
      const bands = bandTitles(lang);
      const columns = [
        col('course'),
        col('group', translate(lang, `grades.analysis.columns.${a.kind === 'admin-class' ? 'class' : 'teachingClass'}`)),
        col('teacher'),
        ...['scored', 'absent', 'exempt', 'average', 'highest', 'lowest', 'stdDev', 'passRate', 'excellentRate'].map((k) => col(k)),
        ...bands.map((title, i) => col(`band${i}`, title)),
      ];
      const rows = a.rows.map((r) => ({ ...r, course: r.courseName, group: r.groupName, teacher: r.teacherName ?? '', ...Object.fromEntries(r.bands.map((n, i) => [`band${i}`, n])) }));
      return { columns, rows };
    }
    case 'ranking': {
      const columns = [col('gradeRank'), col('classRank'), col('studentNo'), col('name'), col('class'), ...a.courses.map((c) => col(`course:${c.id}`, c.name)), col('total')];
      const rows = a.rows.map((r) => ({
        ...r,
        class: r.className,
        ...Object.fromEntries(a.courses.map((c, i) => [`course:${c.id}`, r.marks[c.id] ? translate(lang, `grades.analysis.marks.${r.marks[c.id]}`) : (r.scores[i] ?? '')])),
      }));
      return { columns, rows };
    }
    case 'subject': {
      const columns = [col('class'), ...['scored', 'absent', 'exempt', 'average', 'difference', 'lowest', 'q1', 'median', 'q3', 'highest', 'stdDev', 'passRate', 'excellentRate'].map((k) => col(k))];
      return { columns, rows: a.rows.map((r) => ({ ...r, class: r.className })) };
    }
    case 'question-rate': {
      const columns = [col('item'), col('fullMarks'), col('class'), col('count'), col('average'), col('rate')];
      return { columns, rows: a.rows.map((r) => ({ ...r, item: r.itemName, class: r.className })) };
    }
  }
}

/** The answer as an .xlsx file and its name ("{batch}-{kind}.xlsx"). */
export function analysisWorkbook(a: AnalysisAnswer, lang: Language): { fileName: string; bytes: Buffer } {
  const kind = translate(lang, `grades.analysis.kinds.${kindKey(a.kind)}`);
  const { columns, rows } = analysisTable(a, lang);
  // null (no score, no scale) is an empty cell, never the text "null"
  const cells = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? '' : v])));
  return { fileName: translate(lang, 'grades.analysis.file', { batch: a.batch.name, kind }), bytes: xlsxOf(kind, columns, cells) };
}
