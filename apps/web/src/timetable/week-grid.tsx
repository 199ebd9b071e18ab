import type { CSSProperties, ReactNode, TdHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { type Lesson, type LessonPeriod, periodLabel } from '@schoolflow/contracts';
import { useTimetableT } from './use-timetable-t.js';
import { cellDetails, cellKey, changeLink, type GridColumn, gridRows, type GridSubject, lessonsByCell, periodTime } from './week-grid-model.js';
import './timetable.css';

/** Attributes of one cell (its class, tooltip, click, test data). */
export type CellAttrs = TdHTMLAttributes<HTMLTableCellElement> & { [data: `data-${string}`]: string | number | boolean | undefined };

export interface WeekGridProps {
  periods: readonly LessonPeriod[];
  columns: readonly GridColumn[];
  /** What a cell holds. */
  renderCell: (weekday: number, period: number) => ReactNode;
  cellAttrs?: (weekday: number, period: number) => CellAttrs;
  /** The name above the grid (a class, a teacher, a room). */
  caption?: ReactNode;
  /** Smaller type and cells: one of many grids on a page. */
  compact?: boolean;
  testId?: string;
  /** Extra attributes of the table (test data). */
  tableAttrs?: Record<`data-${string}`, string | number | undefined>;
}

/**
 * The week grid every timetable page draws: a row per lesson period (its name and times; a break where the afternoon
 * or the evening begins), a column per day shown (its weekday, and its date in a week: the school days and a day after
 * them holding a make-up); today's column is marked, a declared holiday's or make-up workday's named.
 */
export function WeekGrid({ periods, columns, renderCell, cellAttrs, caption, compact, testId = 'tt-grid', tableAttrs }: WeekGridProps) {
  const { tt, lang } = useTimetableT();
  const rows = gridRows(periods);
  return (
    <div className={compact ? 'sf-tt-grid-wrap sf-tt-compact' : 'sf-tt-grid-wrap'}>
      {caption ? <div className="sf-tt-caption">{caption}</div> : null}
      <table className="sf-tt-grid" data-testid={testId} data-days={columns.length} {...tableAttrs}>
        <colgroup>
          <col className="sf-tt-col-period" />
          {columns.map((c) => (
            <col key={c.weekday} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th className="sf-tt-corner" scope="col">
              {tt('page.grid.period')}
            </th>
            {columns.map((c) => (
              <th
                key={c.weekday}
                scope="col"
                className={['sf-tt-day', c.today ? 'sf-tt-today' : '', c.extra ? 'sf-tt-extra' : '', c.holiday ? `sf-tt-${c.holiday.kind}` : ''].filter(Boolean).join(' ')}
                title={c.extra ? tt('page.grid.extraDay') : undefined}
                data-holiday={c.holiday?.kind ?? ''}
                data-testid="tt-day"
                data-weekday={c.weekday}
                data-date={c.date ?? ''}
                data-today={c.today}
                data-extra={c.extra}
              >
                <span className="sf-tt-weekday">{tt(`weekdays.${c.weekday}` as 'weekdays.1')}</span>
                {c.date ? <span className="sf-tt-date">{c.date.slice(5)}</span> : null}
                {c.today ? <span className="sf-tt-today-mark">{tt('page.grid.today')}</span> : null}
                {c.holiday ? (
                  <span className={`sf-tt-holiday-mark sf-tt-holiday-mark-${c.holiday.kind}`} data-testid="tt-holiday" title={c.holiday.kind === 'holiday' ? tt('page.grid.holiday') : tt('page.grid.workday', { weekday: tt(`weekdays.${c.holiday.replacesWeekday ?? c.weekday}` as 'weekdays.1') })}>
                    {c.holiday.name}
                    {c.holiday.kind === 'workday' ? ` · ${tt('page.grid.workday', { weekday: tt(`weekdays.${c.holiday.replacesWeekday ?? c.weekday}` as 'weekdays.1') })}` : ` · ${tt('page.grid.holiday')}`}
                  </span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ period, breakBefore }) => [
            breakBefore ? (
              <tr key={`break-${period.no}`} className="sf-tt-break">
                <td colSpan={columns.length + 1}>{tt(`page.grid.parts.${breakBefore}`)}</td>
              </tr>
            ) : null,
            <tr key={period.no} data-period={period.no}>
              <th scope="row" className="sf-tt-period">
                <span className="sf-tt-period-name">{periodLabel(period, lang)}</span>
                <span className="sf-tt-period-time">{periodTime(period)}</span>
              </th>
              {columns.map((c) => {
                const attrs = cellAttrs?.(c.weekday, period.no) ?? {};
                const className = ['sf-tt-cell', c.today ? 'sf-tt-today' : '', c.extra ? 'sf-tt-extra' : '', c.holiday?.kind === 'holiday' ? 'sf-tt-holiday' : '', attrs.className ?? ''].filter(Boolean).join(' ');
                return (
                  <td key={c.weekday} {...attrs} className={className}>
                    {renderCell(c.weekday, period.no)}
                  </td>
                );
              })}
            </tr>,
          ])}
        </tbody>
      </table>
    </div>
  );
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A course's colour as the cell's accent (a colour that is none falls back to the theme's). */
export function accentStyle(colour: string | null | undefined): CSSProperties {
  return (colour && COLOUR.test(colour) ? { '--sf-tt-accent': colour } : {}) as CSSProperties;
}

/**
 * One lesson in a cell: its course (in its colour), the other of class, teacher and room the grid needs, a change's
 * badge — a link to the make-up's or swap's application for those who may open it (`linkChange`), else a plain badge.
 */
export function LessonCard({ lesson, details, linkChange = false }: { lesson: Lesson; details: readonly ('class' | 'teacher' | 'classroom')[]; linkChange?: boolean }) {
  const { tt } = useTimetableT();
  const link = changeLink(lesson, linkChange);
  const text: Record<'class' | 'teacher' | 'classroom', string | null> = { class: lesson.className, teacher: lesson.teacherName, classroom: lesson.classroomName };
  return (
    <div className="sf-tt-lesson" style={accentStyle(lesson.courseColour)} data-testid="tt-lesson" data-course={lesson.courseId} data-teacher={lesson.teacherId} data-class={lesson.classId ?? lesson.teachingClassId ?? ''} data-change={lesson.change ?? ''}>
      <span className="sf-tt-course">{lesson.courseName}</span>
      {details.map((d) =>
        text[d] ? (
          <span key={d} className={`sf-tt-detail sf-tt-detail-${d}`}>
            {text[d]}
          </span>
        ) : null,
      )}
      {lesson.change ? (
        link ? (
          <Link to={link} className={`sf-tt-badge sf-tt-badge-${lesson.change}`} title={tt('page.grid.openChange')} data-testid="tt-change">
            {tt(`page.grid.change.${lesson.change}`)}
          </Link>
        ) : (
          <span className={`sf-tt-badge sf-tt-badge-${lesson.change}`} data-testid="tt-change">
            {tt(`page.grid.change.${lesson.change}`)}
          </span>
        )
      ) : null}
    </div>
  );
}

/** A read-only grid of lessons (inquiry, the scheduler's preview, a published timetable in the editor). */
export function LessonGrid({
  periods,
  columns,
  lessons,
  by,
  caption,
  compact,
  testId,
  groupId,
  linkChanges = false,
}: {
  periods: readonly LessonPeriod[];
  columns: readonly GridColumn[];
  lessons: readonly Lesson[];
  /** What the grid is of: its cells name the other two of class, teacher and room. */
  by: GridSubject;
  caption?: ReactNode;
  compact?: boolean;
  testId?: string;
  /** The class, teacher or room the grid is of (test data). */
  groupId?: string;
  /** A make-up's or swap's badge links to its application (staff only: students and parents cannot open it). */
  linkChanges?: boolean;
}) {
  const cells = lessonsByCell(lessons);
  return (
    <WeekGrid
      periods={periods}
      columns={columns}
      caption={caption}
      compact={compact}
      testId={testId}
      tableAttrs={{ 'data-group': groupId, 'data-lessons': lessons.length }}
      cellAttrs={(weekday, period) => ({ 'data-testid': 'tt-cell', 'data-weekday': weekday, 'data-period': period, 'data-count': cells.get(cellKey(weekday, period))?.length ?? 0 })}
      renderCell={(weekday, period) => (cells.get(cellKey(weekday, period)) ?? []).map((l) => <LessonCard key={`${l.id}:${l.date ?? ''}`} lesson={l} details={cellDetails(by, l)} linkChange={linkChanges} />)}
    />
  );
}
