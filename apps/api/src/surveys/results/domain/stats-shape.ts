import { type MatrixRowStat, type OptionStat, type QuestionStat, RATING_DEFAULT, type SurveyOption, type SurveyTextPage, type TeacherSummary, type ValueStat } from '@schoolflow/contracts';

/** A question as the results read it (survey_question). */
export interface ResultQuestion {
  id: string;
  position: number;
  type: QuestionStat['type'];
  title: string;
  options: SurveyOption[];
  min: number | null;
  max: number | null;
  rows: string[];
  rowsSource: 'myTeachers' | null;
}

/**
 * One group of the database's GROUP BY (results.repository.ts): how many answer rows share a question and a value —
 * `option` for single/multiple, `number` for rating, `row` + `option` (the column) for matrix, `date` for date.
 */
export interface CountRow {
  questionId: string;
  option: number | null;
  row: string | null;
  number: number | null;
  date: string | null;
  count: number;
}

/** Respondents per question, and per matrix row with its mean score (`row` null: the question as a whole). */
export interface AnsweredRow {
  questionId: string;
  row: string | null;
  answered: number;
  average: number | null;
}

/** Share of `whole`, 0..100 with one decimal (0 of nothing is 0). */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0;
}

/** A mean to two decimals, or null. */
export function mean(v: number | null | undefined): number | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : Math.round(v * 100) / 100;
}

/** The scale a rating question is answered on. */
export function ratingScale(q: Pick<ResultQuestion, 'min' | 'max'>): number[] {
  const lo = q.min ?? RATING_DEFAULT.min;
  const hi = q.max ?? RATING_DEFAULT.max;
  return Array.from({ length: Math.max(0, hi - lo + 1) }, (_, i) => lo + i);
}

/**
 * The statistics of each question from the database's counts: every option, scale value and matrix cell is listed
 * (a zero where nobody chose it, so charts keep their axes), percentages of the question's respondents (a multiple
 * choice's add up to more than 100), matrix rows in the question's order or, for `myTeachers`, by teacher name.
 * Nothing is counted here — only laid out (the counting is SQL's).
 */
export function questionStats(
  questions: readonly ResultQuestion[],
  counts: readonly CountRow[],
  answered: readonly AnsweredRow[],
  texts: ReadonlyMap<string, SurveyTextPage>,
  teacherNames: ReadonlyMap<string, string>,
): QuestionStat[] {
  const byQuestion = new Map<string, CountRow[]>();
  for (const c of counts) byQuestion.set(c.questionId, [...(byQuestion.get(c.questionId) ?? []), c]);
  const whole = new Map(answered.filter((a) => a.row === null).map((a) => [a.questionId, a]));
  const rowsOf = new Map<string, AnsweredRow[]>();
  for (const a of answered) if (a.row !== null) rowsOf.set(a.questionId, [...(rowsOf.get(a.questionId) ?? []), a]);

  return questions.map((q): QuestionStat => {
    const mine = byQuestion.get(q.id) ?? [];
    const total = whole.get(q.id)?.answered ?? 0;
    const base = { questionId: q.id, position: q.position, title: q.title, answered: total };
    const optionStats = (rows: readonly CountRow[], of: number): OptionStat[] =>
      q.options.map((o, index) => {
        const count = rows.filter((r) => r.option === index).reduce((s, r) => s + r.count, 0);
        return { index, label: o.label, count, percent: percent(count, of) };
      });
    switch (q.type) {
      case 'single':
      case 'multiple':
        return { ...base, type: q.type, options: optionStats(mine, total) };
      case 'rating': {
        const values: ValueStat[] = ratingScale(q).map((value) => {
          const count = mine.filter((r) => r.number === value).reduce((s, r) => s + r.count, 0);
          return { value, count, percent: percent(count, total) };
        });
        return { ...base, type: 'rating', average: mean(whole.get(q.id)?.average), values };
      }
      case 'matrix': {
        const answeredRows = rowsOf.get(q.id) ?? [];
        const keys = q.rowsSource === 'myTeachers' ? [...new Set(answeredRows.map((r) => r.row as string))].sort((a, b) => (teacherNames.get(a) ?? a).localeCompare(teacherNames.get(b) ?? b, 'zh')) : q.rows.map((_, i) => String(i));
        const rows: MatrixRowStat[] = keys.map((key) => {
          const a = answeredRows.find((r) => r.row === key);
          const n = a?.answered ?? 0;
          return { key, label: q.rowsSource === 'myTeachers' ? (teacherNames.get(key) ?? '') : (q.rows[Number(key)] ?? ''), answered: n, average: mean(a?.average), columns: optionStats(mine.filter((r) => r.row === key), n) };
        });
        return { ...base, type: 'matrix', rows };
      }
      case 'text':
        return { ...base, type: 'text', texts: texts.get(q.id) ?? { records: [], total: 0, current: 1, size: 0 } };
      case 'date':
        return { ...base, type: 'date', dates: mine.filter((r) => r.date !== null).map((r) => ({ date: r.date as string, count: r.count })).sort((a, b) => a.date.localeCompare(b.date)) };
    }
  });
}

/** One teacher's and item's figures from the database (per matrix question of `myTeachers` rows, per teacher). */
export interface TeacherItemRow {
  teacherId: string;
  questionId: string;
  answered: number;
  sum: number;
}

/**
 * The teaching-quality summary: each teacher's mean per item (per `myTeachers` matrix question) and over all items
 * (the mean of every score they were given), and how many respondents rated them at all (`respondents`, from SQL:
 * a respondent rating a teacher on four items counts once). Best average first; ties by name.
 */
export function teacherSummary(
  questions: readonly ResultQuestion[],
  items: readonly TeacherItemRow[],
  respondents: ReadonlyMap<string, { answered: number; scores: number; sum: number }>,
  names: ReadonlyMap<string, string>,
): TeacherSummary[] {
  const itemQuestions = questions.filter((q) => q.type === 'matrix' && q.rowsSource === 'myTeachers');
  const out: TeacherSummary[] = [...respondents.entries()].map(([teacherId, r]) => ({
    teacherId,
    name: names.get(teacherId) ?? '',
    answered: r.answered,
    average: r.scores > 0 ? mean(r.sum / r.scores) : null,
    items: itemQuestions.map((q) => {
      const row = items.find((i) => i.teacherId === teacherId && i.questionId === q.id);
      return { questionId: q.id, title: q.title, answered: row?.answered ?? 0, average: row && row.answered > 0 ? mean(row.sum / row.answered) : null };
    }),
  }));
  return out.sort((a, b) => (b.average ?? -1) - (a.average ?? -1) || a.name.localeCompare(b.name, 'zh'));
}
