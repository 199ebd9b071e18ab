import { useMemo, useState } from 'react';
import { Button } from 'semantic-ui-react';
import { useHolidaysBetween } from '../../calendar/use-holidays-between.js';
import { useTodos } from '../../todos/use-todos.js';
import { DATE_FORMAT, schoolTime } from '../../util/date.js';
import { usePagesT } from '../use-pages-t.js';

/**
 * A calendar card: a month grid (weeks from Monday) marking the declared public holidays and make-up workdays of the
 * calendar, and the reader's own open to-dos on their due dates.
 */
export function CalendarCard({ active }: { active: boolean }) {
  const { pg, lang } = usePagesT();
  const [month, setMonth] = useState(() => schoolTime().startOf('month'));
  const days = useMemo(() => {
    const start = month.subtract((month.day() + 6) % 7, 'day'); // weeks from Monday
    return Array.from({ length: 42 }, (_, i) => start.add(i, 'day'));
  }, [month]);
  const from = days[0]?.format(DATE_FORMAT) ?? null;
  const to = days[41]?.format(DATE_FORMAT) ?? null;
  const holidays = useHolidaysBetween(active ? from : null, to);
  const todos = useTodos('open', active, undefined, true);
  const byDay = useMemo(() => new Map((holidays.data ?? []).map((h) => [h.date, h])), [holidays.data]);
  const dueByDay = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const todo of todos.data?.list ?? []) {
      if (!todo.due) continue;
      const day = todo.due.slice(0, 10);
      m.set(day, [...(m.get(day) ?? []), todo.title]);
    }
    return m;
  }, [todos.data]);
  const today = schoolTime().format(DATE_FORMAT);
  return (
    <div className="sf-cp-calendar" data-testid="cp-calendar">
      <div className="sf-cp-calendar-head">
        <Button type="button" basic compact size="mini" icon="chevron left" aria-label={pg('view.prevMonth')} onClick={() => setMonth(month.subtract(1, 'month'))} />
        <strong data-testid="cp-calendar-month">{lang === 'en' ? month.format('MMMM YYYY') : month.format('YYYY年M月')}</strong>
        <Button type="button" basic compact size="mini" icon="chevron right" aria-label={pg('view.nextMonth')} onClick={() => setMonth(month.add(1, 'month'))} />
      </div>
      <div className="sf-cp-calendar-grid">
        {pg('view.weekdays')
          .split(',')
          .map((w) => (
            <div key={w} className="sf-cp-weekday">
              {w}
            </div>
          ))}
        {days.map((d) => {
          const date = d.format(DATE_FORMAT);
          const holiday = byDay.get(date);
          const due = dueByDay.get(date) ?? [];
          const cls = ['sf-cp-day', d.month() === month.month() ? '' : 'sf-cp-other', date === today ? 'sf-cp-today' : '', holiday ? `sf-cp-${holiday.kind}` : ''].join(' ');
          return (
            <div key={date} className={cls} data-date={date} data-testid={holiday ? `cp-day-${holiday.kind}` : undefined} title={[holiday ? `${holiday.name} (${pg(holiday.kind === 'holiday' ? 'view.holiday' : 'view.workday')})` : '', ...due].filter(Boolean).join('\n')}>
              <span className="sf-cp-daynum">{d.date()}</span>
              {holiday ? <span className="sf-cp-mark">{holiday.name}</span> : null}
              {due.length > 0 ? (
                <span className="sf-cp-todo" data-testid="cp-day-todo">
                  {pg('view.todo')} {due.length}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
