import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Menu, Segment } from 'semantic-ui-react';
import type { TimetableAnswer, TimetableQuery, TimetableScope } from '@schoolflow/contracts';
import { EmptyState } from '../components/empty-state.js';
import { CardHead, RefreshButton, ToolButton } from '../components/list-page.js';
import { PageLoader } from '../components/page-loader.js';
import { RefSelect } from '../resources/ref-select.js';
import { useResourceOptions } from '../resources/use-resource-options.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { childParam, exportFileName, gridPlan, initialView, type InquiryPicks, type InquiryView, NO_PICKS, queryOf, viewsOf } from './inquiry-model.js';
import { PrintPage, PrintRoot, useTimetablePrint } from './timetable-print.js';
import { useTimetable } from './use-timetable.js';
import { useTimetableExport } from './use-timetable-export.js';
import { useTimetableScope } from './use-timetable-scope.js';
import { useTimetableT } from './use-timetable-t.js';
import { LessonGrid } from './week-grid.js';
import { columnDates, exportBy, type GridColumn, gridColumns, groupLessons, type LessonGroup, schoolToday } from './week-grid-model.js';
import { type ChosenWeek, shownWeek, weekCount, weekParam, weekSpan } from './week-navigation.js';
import { WeekNav } from './week-nav.js';
import '../resources/resource.css';
import './timetable.css';

/**
 * 课表查询 (timetable/inquiry, everyone whose timetable it is; issue 9): what `GET /api/timetable/scope` allows decides
 * the views — staff read all classes (a grid per class), one class, teacher or room, the class they head, the foreign
 * teachers' and their own; a student their class's, a parent a chosen child's. A semester (the current one unless
 * chosen), the weekly template or one teaching week (the page opens on this week, or on the week a link names —
 * `?week=N`, and a parent's `?studentId=` — with the make-ups and swaps of its dates, a Saturday make-up as a column of
 * its own), Excel export of the same lessons and a print of the grids, one a page.
 */
export default function InquiryView({ active }: ViewProps) {
  const { tt } = useTimetableT();
  const scope = useTimetableScope(active);
  if (!scope.data) {
    return scope.isError ? (
      <div className="sf-page" data-testid="tt-inquiry-error">
        <Segment className="sf-card">
          <EmptyState icon="calendar times outline" text={scope.error instanceof Error ? scope.error.message : tt('page.inquiry.noTimetable')} />
        </Segment>
      </div>
    ) : (
      <PageLoader />
    );
  }
  return <Inquiry scope={scope.data} active={active} />;
}

function Inquiry({ scope, active }: { scope: TimetableScope; active: boolean }) {
  const { t, tt } = useTimetableT();
  const [params, setParams] = useSearchParams();
  // a page kept alive behind another tab sees that tab's address: only the page on screen reads its own
  const askedWeek = active ? params.get('week') : null;
  const askedChild = active ? params.get('studentId') : null;
  const [semesterId, setSemesterId] = useState('');
  // the views this reader has: one the address names that is not theirs reads as the one the page opens on
  const viewCodec = useMemo(() => oneOfParam(viewsOf(scope)), [scope]);
  const [view, setView] = useViewParam<InquiryView>('view', initialView(scope), viewCodec);
  const [picks, setPicks] = useState<InquiryPicks>(() => ({ ...NO_PICKS, studentId: childParam(askedChild, scope) ?? '' }));
  // what the reader chose of template and weeks (a link's `?week=` chooses too); null: the page opens on this week
  const [chosenWeek, setChosenWeek] = useState<ChosenWeek | null>(() => {
    const week = weekParam(askedWeek);
    return week !== null ? { mode: 'week', week } : null;
  });
  const pick = (p: Partial<InquiryPicks>) => setPicks((prev) => ({ ...prev, ...p }));

  // The address's week and child are applied when they appear or change (a link followed while the page is open), not
  // each time the tab is shown again: the tab goes back to the address it was left at, which the reader's own choices
  // keep up to date (`remember`) — so a link to the week already shown changes nothing, and any other week is shown.
  const [applied, setApplied] = useState({ week: askedWeek, studentId: askedChild });
  if (active && (askedWeek !== applied.week || askedChild !== applied.studentId)) {
    setApplied({ week: askedWeek, studentId: askedChild });
    if (askedWeek !== applied.week) {
      const week = weekParam(askedWeek);
      if (week !== null) {
        // a link's week is of the semester under way
        setSemesterId('');
        setChosenWeek({ mode: 'week', week });
      }
    }
    if (askedChild !== applied.studentId) {
      const child = childParam(askedChild, scope);
      if (child) setPicks((prev) => ({ ...prev, studentId: child }));
    }
  }
  /** The reader's choice, kept in the address too (replacing it): a reload or the tab shows the same. */
  const remember = (next: { week?: number | null; studentId?: string }) => {
    const value = (v: number | string | null | undefined) => (v === null || v === undefined || v === '' ? null : String(v));
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [key, v] of Object.entries(next)) {
          const text = value(v);
          if (text === null) out.delete(key);
          else out.set(key, text);
        }
        return out;
      },
      { replace: true },
    );
    setApplied((a) => ({ week: 'week' in next ? value(next.week) : a.week, studentId: 'studentId' in next ? value(next.studentId) : a.studentId }));
  };

  const noChild = scope.kind === 'parent' && scope.students.length === 0;
  const studentId = scope.kind === 'parent' ? picks.studentId || scope.students[0]?.id : undefined;
  // the semester's dates and today's week: a small answer (one's own lessons) read before the grids
  const meta = useTimetable({ semesterId: semesterId || undefined, mine: '1', studentId }, active && !noChild);
  const semester = meta.data?.semester ?? null;
  const count = semester ? weekCount(semester) : 1;
  const week = meta.data ? shownWeek(chosenWeek, meta.data.currentWeek, count) : null;

  const base = queryOf(view, picks, scope);
  const query: TimetableQuery | null = base && meta.data ? { ...base, semesterId: semesterId || undefined, week: week ?? undefined } : null;
  const timetable = useTimetable(query, active);
  const answer = base ? timetable.data : undefined;

  const plan = gridPlan(view);
  const classes = useResourceOptions('classes', '', active && view === 'all');
  const classOrder = useMemo(() => (classes.data ?? []).map((o) => o.value), [classes.data]);
  const today = schoolToday();
  // the columns of the whole answer (a single grid's; the week's span); a grid of many has its own days after the school days
  const columns = answer ? gridColumns(answer, today, { markWeekday: answer.currentWeek !== null }) : [];
  const grids = answer ? gridsOf(answer, view, plan, picks, scope, classOrder) : [];
  // a grid's name, or the view's when there is no lesson to name it by (a teacher without lessons)
  const title = gridTitle(view, picks, scope, answer) || tt(`page.inquiry.views.${view}`);

  const exporting = useTimetableExport();
  const { printing, print } = useTimetablePrint(active);
  /** A printed page's line under its title: the semester, and the week with the dates of that grid's columns. */
  const printSub = (a: TimetableAnswer, shown: readonly GridColumn[]) =>
    `${a.semester.name} · ${a.week !== null ? `${tt('page.inquiry.week', { week: a.week })} ${weekSpan(columnDates(shown))}` : tt('page.inquiry.mode.template')}`;

  const changeSemester = (id: string) => {
    setSemesterId(id);
    setChosenWeek(null);
    // the address's week is the current semester's: another semester's is not kept there
    remember({ week: null });
  };
  const chooseWeek = (chosen: ChosenWeek) => {
    setChosenWeek(chosen);
    remember({ week: chosen.mode === 'week' && !semesterId ? chosen.week : null });
  };
  const choosePicks = (p: Partial<InquiryPicks>) => {
    pick(p);
    if (p.studentId !== undefined && scope.kind === 'parent') remember({ studentId: p.studentId });
  };

  return (
    <div className="sf-page sf-tt-page" data-testid="tt-inquiry" data-view={view} data-kind={scope.kind} data-week={answer?.week ?? ''}>
      <Segment className="sf-card">
        <CardHead
          icon="calendar alternate outline"
          title={tt('page.inquiry.title')}
          sub={semester ? <span className="sf-card-sub">{semester.name}</span> : null}
          tools={
            <>
              <ToolButton
                icon="file excel outline"
                text={tt('page.inquiry.export')}
                testId="tt-export"
                loading={exporting.isPending}
                disabled={!query || !answer?.timetable}
                onClick={() => query && answer && exporting.mutate({ query, by: exportBy(view), fileName: exportFileName(tt('export.fileName'), answer.semester.name, answer.week) })}
              />
              <ToolButton icon="print" text={tt('page.inquiry.print')} testId="tt-print" disabled={grids.length === 0} onClick={print} />
              <RefreshButton testId="tt-refresh" title={t('common.refresh')} onClick={() => void Promise.all([meta.refetch(), timetable.refetch()])} />
            </>
          }
        />
        <div className="sf-tt-bar">
          <label className="sf-tt-label" htmlFor="tt-semester">
            {tt('page.inquiry.semester')}
          </label>
          <div className="sf-tt-select">
            <RefSelect source="semesters" value={semesterId} onValue={changeSemester} testId="tt-semester" emptyText={tt('page.inquiry.currentSemester')} />
          </div>
          {scope.kind === 'staff' ? (
            <Menu secondary pointing size="small" className="sf-tt-views" data-testid="tt-views">
              {viewsOf(scope).map((v) => (
                <Menu.Item key={v} active={view === v} onClick={() => setView(v)} data-testid={`tt-view-${v}`}>
                  {tt(`page.inquiry.views.${v}`)}
                </Menu.Item>
              ))}
            </Menu>
          ) : null}
        </div>
        <div className="sf-tt-bar">
          <ViewPicker view={view} picks={picks} scope={scope} onPick={choosePicks} />
          {meta.data ? (
            <WeekNav
              week={week}
              dates={answer?.week === week ? columnDates(columns) : null}
              count={count}
              currentWeek={meta.data.currentWeek}
              onTemplate={() => chooseWeek({ mode: 'template', week: null })}
              onWeek={(w) => chooseWeek({ mode: 'week', week: w })}
            />
          ) : null}
        </div>
      </Segment>

      <Segment className="sf-card sf-tt-grids" loading={Boolean(query) && timetable.isFetching && !answer}>
        <InquiryGrids noChild={noChild} base={base} answer={answer} grids={grids} columns={columns} plan={plan} title={title} today={today} linkChanges={scope.kind === 'staff'} />
      </Segment>

      <PrintRoot open={printing && Boolean(answer)}>
        {answer
          ? grids.map((g) => {
              // paper marks no today; a class's page has a Saturday column only when that class has a lesson then
              const shown = gridColumns(answer, '', { lessons: plan.grouped ? g.lessons : undefined });
              return (
                <PrintPage key={g.id} title={g.name || title} sub={printSub(answer, shown)}>
                  <LessonGrid periods={answer.periods} columns={shown} lessons={g.lessons} by={plan.by} groupId={g.id} testId="tt-print-grid" />
                </PrintPage>
              );
            })
          : null}
      </PrintRoot>
    </div>
  );
}

/** The grids, or why there are none. */
function InquiryGrids({
  noChild,
  base,
  answer,
  grids,
  columns,
  plan,
  title,
  today,
  linkChanges,
}: {
  noChild: boolean;
  base: TimetableQuery | null;
  answer: TimetableAnswer | undefined;
  grids: LessonGroup[];
  /** The whole answer's columns: a single grid's. */
  columns: GridColumn[];
  plan: ReturnType<typeof gridPlan>;
  title: string;
  today: string;
  linkChanges: boolean;
}) {
  const { tt } = useTimetableT();
  if (noChild) return <EmptyState icon="child" text={tt('page.inquiry.noChild')} testId="tt-no-child" />;
  if (!base) return <EmptyState icon="hand point up outline" text={tt('page.inquiry.chooseFirst')} testId="tt-choose" />;
  if (!answer) return null;
  if (!answer.timetable) return <EmptyState icon="calendar outline" text={tt('page.inquiry.noTimetable')} testId="tt-no-timetable" />;
  if (plan.grouped && grids.length === 0) return <EmptyState icon="calendar outline" text={tt('page.inquiry.noLessons')} testId="tt-no-lessons" />;
  return (
    <div className={plan.grouped ? 'sf-tt-grid-list' : undefined} data-testid="tt-grids" data-count={grids.length}>
      {grids.map((g) => (
        <LessonGrid
          key={g.id}
          periods={answer.periods}
          // a grid of many (a class of all) shows a Saturday only when it has a lesson then, not for another class's make-up
          columns={plan.grouped ? gridColumns(answer, today, { markWeekday: answer.currentWeek !== null, lessons: g.lessons }) : columns}
          lessons={g.lessons}
          by={plan.by}
          compact={plan.grouped}
          groupId={g.id}
          linkChanges={linkChanges}
          caption={
            <>
              <span data-testid="tt-caption">{g.name || title}</span>
              {!plan.grouped && g.lessons.length === 0 ? <span className="sf-tt-caption-note">{tt('page.inquiry.noLessons')}</span> : null}
            </>
          }
        />
      ))}
    </div>
  );
}

/** The picker a view needs: a class, a teacher, a room, the class one heads (of several), a parent's child. */
function ViewPicker({ view, picks, scope, onPick }: { view: InquiryView; picks: InquiryPicks; scope: TimetableScope; onPick: (p: Partial<InquiryPicks>) => void }) {
  const { tt } = useTimetableT();
  const labelled = (id: string, label: string, control: ReactNode) => (
    <>
      <label className="sf-tt-label" htmlFor={id}>
        {label}
      </label>
      <div className="sf-tt-select">{control}</div>
    </>
  );
  switch (view) {
    case 'class':
      return labelled('tt-pick-class', tt('page.inquiry.class'), <RefSelect source="classes" value={picks.classId} onValue={(classId) => onPick({ classId })} testId="tt-pick-class" emptyText={tt('page.inquiry.chooseClass')} />);
    case 'teacher':
      return labelled('tt-pick-teacher', tt('page.inquiry.teacher'), <RefSelect source="teachers" value={picks.teacherId} onValue={(teacherId) => onPick({ teacherId })} testId="tt-pick-teacher" emptyText={tt('page.inquiry.chooseTeacher')} />);
    case 'classroom':
      return labelled('tt-pick-classroom', tt('page.inquiry.classroom'), <RefSelect source="classrooms" value={picks.classroomId} onValue={(classroomId) => onPick({ classroomId })} testId="tt-pick-classroom" emptyText={tt('page.inquiry.chooseClassroom')} />);
    case 'headTeacher':
      return scope.headOf.length > 1
        ? labelled(
            'tt-pick-head',
            tt('page.inquiry.class'),
            <select id="tt-pick-head" className="ui dropdown" value={picks.headClassId || scope.headOf[0]?.id} data-testid="tt-pick-head" onChange={(e) => onPick({ headClassId: e.target.value })}>
              {scope.headOf.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>,
          )
        : null;
    case 'own':
      // several children: whose; one's own or an only child's name is the grid's caption
      return scope.kind === 'parent' && scope.students.length > 1
        ? labelled(
            'tt-child',
            tt('page.inquiry.child'),
            <select id="tt-child" className="ui dropdown" value={picks.studentId || scope.students[0]?.id} data-testid="tt-child" onChange={(e) => onPick({ studentId: e.target.value })}>
              {scope.students.map((s) => (
                <option key={s.id} value={s.id}>
                  {tt('page.inquiry.studentOf', { name: s.name, className: s.className })}
                </option>
              ))}
            </select>,
          )
        : null;
    case 'all':
    case 'foreign':
    case 'mine':
      return null;
  }
}

/** The grids a view shows: one per class or teacher (all, foreign), else one of everything answered. */
function gridsOf(answer: TimetableAnswer, view: InquiryView, plan: ReturnType<typeof gridPlan>, picks: InquiryPicks, scope: TimetableScope, order: readonly string[]): LessonGroup[] {
  if (!answer.timetable) return [];
  if (plan.grouped) return groupLessons(answer.lessons, plan.by, order);
  return [{ id: `${view}:${subjectId(view, picks, scope)}`, name: gridTitle(view, picks, scope, answer), lessons: answer.lessons }];
}

function subjectId(view: InquiryView, picks: InquiryPicks, scope: TimetableScope): string {
  switch (view) {
    case 'class':
      return picks.classId;
    case 'teacher':
      return picks.teacherId;
    case 'classroom':
      return picks.classroomId;
    case 'headTeacher':
      return picks.headClassId || (scope.headOf[0]?.id ?? '');
    case 'own':
      return picks.studentId || (scope.students[0]?.id ?? '');
    case 'all':
    case 'foreign':
    case 'mine':
      return view;
  }
}

/** The name above a single grid: the class, teacher or room chosen, the class one heads, one's own. */
function gridTitle(view: InquiryView, picks: InquiryPicks, scope: TimetableScope, answer: TimetableAnswer | undefined): string {
  const lessons = answer?.lessons ?? [];
  switch (view) {
    case 'class':
      return lessons.find((l) => l.classId === picks.classId)?.className ?? '';
    case 'teacher':
      return lessons.find((l) => l.teacherId === picks.teacherId)?.teacherName ?? '';
    case 'classroom':
      return lessons.find((l) => l.classroomId === picks.classroomId)?.classroomName ?? '';
    case 'headTeacher': {
      const id = picks.headClassId || scope.headOf[0]?.id;
      return scope.headOf.find((c) => c.id === id)?.name ?? '';
    }
    case 'own': {
      const s = (scope.kind === 'parent' ? scope.students.find((x) => x.id === picks.studentId) : undefined) ?? scope.students[0];
      return s ? `${s.name} · ${s.className}` : '';
    }
    case 'mine':
      return lessons[0]?.teacherName ?? '';
    case 'all':
    case 'foreign':
      return '';
  }
}
