import { Button, Icon } from 'semantic-ui-react';
import { useTimetableT } from './use-timetable-t.js';
import { stepWeek, weekSpan } from './week-navigation.js';

/**
 * The weekly template or one teaching week: ‹ week N (its dates) ›, and "this week" while the semester is in one.
 */
export function WeekNav({
  week,
  dates,
  count,
  currentWeek,
  onTemplate,
  onWeek,
}: {
  /** The week shown, or null: the weekly template. */
  week: number | null;
  dates: readonly string[] | null;
  count: number;
  currentWeek: number | null;
  onTemplate: () => void;
  onWeek: (week: number) => void;
}) {
  const { tt } = useTimetableT();
  const prev = week !== null ? stepWeek(week, -1, count) : null;
  const next = week !== null ? stepWeek(week, 1, count) : null;
  return (
    <div className="sf-tt-weeknav" data-testid="tt-weeknav" data-week={week ?? ''}>
      <Button.Group size="small" basic>
        <Button type="button" active={week === null} onClick={() => onTemplate()} data-testid="tt-mode-template">
          {tt('page.inquiry.mode.template')}
        </Button>
        <Button type="button" active={week !== null} onClick={() => week === null && onWeek(currentWeek ?? 1)} data-testid="tt-mode-week">
          {tt('page.inquiry.mode.week')}
        </Button>
      </Button.Group>
      {week !== null ? (
        <>
          <Button type="button" basic icon size="small" disabled={prev === null} title={tt('page.inquiry.prevWeek')} aria-label={tt('page.inquiry.prevWeek')} onClick={() => prev !== null && onWeek(prev)} data-testid="tt-week-prev">
            <Icon name="chevron left" />
          </Button>
          <span className="sf-tt-weeklabel" data-testid="tt-week-label">
            <strong>{tt('page.inquiry.week', { week })}</strong>
            {dates && dates.length > 0 ? <span className="sf-tt-weekspan">{weekSpan(dates)}</span> : null}
          </span>
          <Button type="button" basic icon size="small" disabled={next === null} title={tt('page.inquiry.nextWeek')} aria-label={tt('page.inquiry.nextWeek')} onClick={() => next !== null && onWeek(next)} data-testid="tt-week-next">
            <Icon name="chevron right" />
          </Button>
          <Button type="button" basic size="small" disabled={currentWeek === null || currentWeek === week} onClick={() => currentWeek !== null && onWeek(currentWeek)} data-testid="tt-week-this">
            {tt('page.inquiry.thisWeek')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
