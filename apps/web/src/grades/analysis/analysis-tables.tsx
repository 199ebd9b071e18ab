import type { ClassAnalysis, ClassStatsRow, QuestionRateAnalysis, QuestionRateRow, RankingAnalysis, RankingRow, SubjectAnalysis, SubjectRow } from '@schoolflow/contracts';
import { ListTable, type Column } from '../../components/list-page.js';
import { Pager, usePaging } from '../../components/pager.js';
import { gradesText, type GradesKey } from '../use-grades-t.js';
import { bandLabels, num } from './analysis-format.js';

const col = (key: string) => gradesText(`analysis.columns.${key}` as GradesKey);
const numeric = { textAlign: 'right' as const, singleLine: true };
const empty = (testId: string) => ({ text: gradesText('analysis.noRows'), testId });
/** The grade's row stands out from the classes' rows. */
const gradeRow = (isGrade: boolean, extra: Record<string, string>) => ({ ...extra, className: isGrade ? 'sf-analysis-grade-row' : undefined });

/** admin-class and teaching-class: one row per class and course, the grade's row after each course's classes. */
export function ClassTable({ answer }: { answer: ClassAnalysis }) {
  const several = new Set(answer.rows.map((r) => r.courseId)).size > 1;
  const stat = (key: keyof ClassStatsRow, title = col(key)): Column<ClassStatsRow> => ({ title, head: { textAlign: 'right' }, props: numeric, cell: (r) => num(r[key] as number | null) });
  const columns: Column<ClassStatsRow>[] = [
    ...(several ? [{ title: col('course'), props: { singleLine: true }, cell: (r: ClassStatsRow) => r.courseName }] : []),
    { title: col(answer.kind === 'admin-class' ? 'class' : 'teachingClass'), props: { singleLine: true }, cell: (r) => <span className="sf-strong">{r.groupName}</span> },
    { title: col('teacher'), props: { singleLine: true }, cell: (r) => r.teacherName ?? '' },
    stat('scored'),
    stat('absent'),
    stat('exempt'),
    stat('average'),
    stat('highest'),
    stat('lowest'),
    stat('stdDev'),
    stat('passRate'),
    stat('excellentRate'),
    ...bandLabels().map((title, i): Column<ClassStatsRow> => ({ title, head: { textAlign: 'right' }, props: numeric, cell: (r) => num(r.bands[i]) })),
  ];
  return (
    <ListTable
      testId="analysis-table"
      columns={columns}
      rows={answer.rows}
      rowKey={(r) => `${r.courseId}:${r.groupId ?? 'grade'}`}
      rowProps={(r) => gradeRow(r.groupId === null, { 'data-testid': 'analysis-row', 'data-course': r.courseId, 'data-group': r.groupId ?? 'grade' })}
      empty={empty('analysis-empty')}
    />
  );
}

/** ranking: a page at a time (a grade has hundreds of students), ranks first, a mark as its word. */
export function RankingTable({ answer }: { answer: RankingAnalysis }) {
  const paging = usePaging(50);
  const start = (paging.current - 1) * paging.size;
  const rows = answer.rows.slice(start, start + paging.size);
  const score = (r: RankingRow, id: string, i: number) => {
    const mark = r.marks[id];
    return mark ? <span className="sf-analysis-mark">{gradesText(`analysis.marks.${mark}`)}</span> : num(r.scores[i]);
  };
  const columns: Column<RankingRow>[] = [
    { title: col('gradeRank'), narrow: true, props: numeric, cell: (r) => num(r.gradeRank) },
    { title: col('classRank'), narrow: true, props: numeric, cell: (r) => num(r.classRank) },
    { title: col('studentNo'), props: { singleLine: true }, cell: (r) => r.studentNo },
    { title: col('name'), props: { singleLine: true }, cell: (r) => <span className="sf-strong">{r.name}</span> },
    { title: col('class'), props: { singleLine: true }, cell: (r) => r.className },
    ...answer.courses.map((c, i): Column<RankingRow> => ({ title: c.name, head: { textAlign: 'right' }, props: numeric, cell: (r) => score(r, c.id, i) })),
    { title: col('total'), head: { textAlign: 'right' }, props: numeric, cell: (r) => <span className="sf-strong">{num(r.total)}</span> },
  ];
  return (
    <>
      <ListTable
        testId="analysis-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.studentId}
        rowProps={(r) => ({ 'data-testid': 'analysis-row', 'data-student': r.studentId, 'data-rank': r.gradeRank ?? '' })}
        empty={empty('analysis-empty')}
      />
      {answer.rows.length > paging.size ? <Pager testId="analysis-pager" total={answer.rows.length} current={paging.current} size={paging.size} onPage={paging.setCurrent} onSize={paging.setSize} /> : null}
    </>
  );
}

/** subject: one course across classes, the grade's row last. */
export function SubjectTable({ answer }: { answer: SubjectAnalysis }) {
  const stat = (key: keyof SubjectRow): Column<SubjectRow> => ({ title: col(key), head: { textAlign: 'right' }, props: numeric, cell: (r) => num(r[key] as number | null) });
  const columns: Column<SubjectRow>[] = [
    { title: col('class'), props: { singleLine: true }, cell: (r) => <span className="sf-strong">{r.className}</span> },
    ...(['scored', 'absent', 'exempt', 'average'] as const).map(stat),
    {
      title: col('difference'),
      head: { textAlign: 'right' },
      props: numeric,
      cell: (r) => (r.difference === null ? '—' : <span className={r.difference < 0 ? 'sf-analysis-below' : 'sf-analysis-above'}>{r.difference > 0 ? `+${r.difference}` : String(r.difference)}</span>),
    },
    ...(['lowest', 'q1', 'median', 'q3', 'highest', 'stdDev', 'passRate', 'excellentRate'] as const).map(stat),
  ];
  return (
    <ListTable
      testId="analysis-table"
      columns={columns}
      rows={answer.rows}
      rowKey={(r) => r.classId ?? 'grade'}
      rowProps={(r) => gradeRow(r.classId === null, { 'data-testid': 'analysis-row', 'data-group': r.classId ?? 'grade' })}
      empty={empty('analysis-empty')}
    />
  );
}

/** question-rate: per item, its classes then the grade. */
export function QuestionRateTable({ answer }: { answer: QuestionRateAnalysis }) {
  const columns: Column<QuestionRateRow>[] = [
    { title: col('item'), props: { singleLine: true }, cell: (r) => <span className="sf-strong">{r.itemName}</span> },
    { title: col('fullMarks'), head: { textAlign: 'right' }, props: numeric, cell: (r) => num(r.fullMarks) },
    { title: col('class'), props: { singleLine: true }, cell: (r) => r.className },
    { title: col('count'), head: { textAlign: 'right' }, props: numeric, cell: (r) => num(r.count) },
    { title: col('average'), head: { textAlign: 'right' }, props: numeric, cell: (r) => num(r.average) },
    { title: col('rate'), head: { textAlign: 'right' }, props: numeric, cell: (r) => num(r.rate) },
  ];
  return (
    <ListTable
      testId="analysis-table"
      columns={columns}
      rows={answer.rows}
      rowKey={(r) => `${r.itemId}:${r.classId ?? 'grade'}`}
      rowProps={(r) => gradeRow(r.classId === null, { 'data-testid': 'analysis-row', 'data-item': r.itemId, 'data-group': r.classId ?? 'grade' })}
      empty={{ text: gradesText('analysis.noItems'), testId: 'analysis-no-items' }}
    />
  );
}
