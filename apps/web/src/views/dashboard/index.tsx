import { useEffect, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { Button, Icon, Label, Segment } from 'semantic-ui-react';
import type { HomeCardKey } from '@schoolflow/contracts';
import { EmptyState } from '../../components/empty-state.js';
import { useT, webMessages } from '../../i18n/use-t.js';
import { type ParamCodec, useViewParam } from '../../router/use-view-param.js';
import type { ViewProps } from '../../router/view-props.js';
import { useReadySession } from '../../session/session-store.js';
import { DATE_FORMAT, DATE_TIME_FORMAT, schoolDay, schoolTime } from '../../util/date.js';
import { DashboardPosts } from '../../publishing/dashboard-posts.js';
import { DashboardTodos } from '../../todos/dashboard-todos.js';
import { HomeCarousel } from '../../pictures/home-carousel.js';
import { useMyHomeCards } from '../../home-cards/use-home-cards.js';
import { DashboardBacklog } from './backlog.js';

/** The day chosen in the week strip, written `YYYY-MM-DD`. */
const dayParam: ParamCodec<Dayjs> = { parse: (s) => schoolDay(s) ?? undefined, format: (d) => d.format(DATE_FORMAT) };

/**
 * Home page: greeting, a week strip around the chosen day, and the cards of the user's roles in their configured order
 * (首页卡片管理, docs/product/administration.md#home-cards): backlog, to-dos, other work, notices and homework, pictures.
 */
export default function DashboardView({ active }: ViewProps) {
  const { t, lang } = useT();
  const session = useReadySession();
  const [now, setNow] = useState<Dayjs>(() => schoolTime());

  // The clock only ticks while the page is on screen.
  // Shown again, it catches up at its first tick, at once (from the timer, not during the effect).
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(schoolTime());
    const first = window.setTimeout(tick, 0);
    const id = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(id);
    };
  }, [active]);

  const weekdays = t('dashboard.weekdays').split(',');
  const today = now.startOf('day');
  // the day chosen (?day=), today until one is
  const [selected, setSelected] = useViewParam('day', today, dayParam);
  const weekStart = selected.subtract(selected.day(), 'day'); // weeks run Sunday to Saturday, like the labels
  const days = Array.from({ length: 7 }, (_, i) => weekStart.add(i, 'day'));
  const roleNames: Record<string, string> = webMessages(lang).roleNames;
  const name = session?.info.userInfo.username ?? '';
  const cards = useMyHomeCards(session?.info.roles ?? [], active);
  const weekdayOf = (d: Dayjs) => `${t('dashboard.weekdayPrefix')}${weekdays[d.day()] ?? ''}`;

  return (
    <div className="sf-page sf-dashboard" data-testid="dashboard">
      <Segment className="sf-welcome">
        <div className="sf-welcome-main">
          <span className="sf-avatar sf-avatar-lg" aria-hidden>
            {name.slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h2 className="sf-welcome-title" data-testid="dashboard-greeting">
              {t('dashboard.greeting', { name })}
            </h2>
            <div className="sf-welcome-sub">
              {t('dashboard.greetingHint')}
              {session && session.info.roles.length > 0 ? (
                <span className="sf-welcome-roles">
                  {session.info.roles.map((r) => (
                    <Label key={r} size="tiny" basic className="sf-role-label">
                      {roleNames[r] ?? r}
                    </Label>
                  ))}
                </span>
              ) : null}
            </div>
          </div>
        </div>
        <div className="sf-welcome-clock" data-testid="dashboard-now">
          <Icon name="clock outline" />
          {t('dashboard.now', { time: now.format(DATE_TIME_FORMAT) })}
        </div>
      </Segment>

      <Segment className="sf-week-card" data-testid="dashboard-week">
        <div className="sf-week-head">
          <div className="sf-week-selected" data-testid="dashboard-selected-date">
            <Icon name="calendar alternate outline" />
            {t('dashboard.selected', { date: selected.format(DATE_FORMAT), weekday: weekdayOf(selected) })}
            {selected.isSame(today, 'day') ? (
              <Label size="mini" className="sf-today-badge">
                {t('dashboard.today')}
              </Label>
            ) : null}
          </div>
          <div className="sf-week-actions">
            <Button.Group size="small" basic>
              <Button icon title={t('dashboard.prevWeek')} aria-label={t('dashboard.prevWeek')} data-testid="dashboard-prev-week" onClick={() => setSelected(selected.subtract(7, 'day'))}>
                <Icon name="angle left" />
              </Button>
              <Button icon title={t('dashboard.nextWeek')} aria-label={t('dashboard.nextWeek')} data-testid="dashboard-next-week" onClick={() => setSelected(selected.add(7, 'day'))}>
                <Icon name="angle right" />
              </Button>
            </Button.Group>
            <Button size="small" primary basic data-testid="dashboard-today" onClick={() => setSelected(today)}>
              {t('dashboard.backToToday')}
            </Button>
          </div>
        </div>
        <div className="sf-week-strip" role="listbox">
          {days.map((d) => {
            const isToday = d.isSame(today, 'day');
            const isSelected = d.isSame(selected, 'day');
            return (
              <button
                key={d.format(DATE_FORMAT)}
                type="button"
                role="option"
                aria-selected={isSelected}
                className={`sf-day ${isToday ? 'today' : ''} ${isSelected ? 'selected' : ''}`}
                data-testid={`dashboard-day-${d.format(DATE_FORMAT)}`}
                data-today={isToday ? 'true' : undefined}
                onClick={() => setSelected(d)}
              >
                <span className="sf-day-label">{weekdays[d.day()]}</span>
                <span className="sf-day-num">{d.date()}</span>
                <span className="sf-day-month">{d.format('MM-DD')}</span>
              </button>
            );
          })}
        </div>
      </Segment>

      <div className="sf-dashboard-areas" data-testid="dashboard-cards" data-cards={cards.join(',')}>
        {cards.map((card) => (
          <DashboardCard key={card} card={card} active={active} now={now} />
        ))}
      </div>
    </div>
  );
}

/** One card of the home page by its key (the catalogue: HOME_CARDS of the contracts). */
function DashboardCard({ card, active, now }: { card: HomeCardKey; active: boolean; now: Dayjs }) {
  const { t } = useT();
  switch (card) {
    case 'backlog':
      return (
        <Segment className="sf-area" data-testid="dashboard-backlog">
          <h3 className="sf-area-title">
            <Icon name="tasks" /> {t('dashboard.backlog')}
          </h3>
          <DashboardBacklog active={active} />
        </Segment>
      );
    case 'todos':
      return (
        <Segment className="sf-area" data-testid="dashboard-todos">
          <h3 className="sf-area-title">
            <Icon name="check square outline" /> {t('dashboard.todos')}
          </h3>
          <DashboardTodos active={active} />
        </Segment>
      );
    case 'otherWork':
      return (
        <Segment className="sf-area" data-testid="dashboard-other-work">
          <h3 className="sf-area-title">
            <Icon name="briefcase" /> {t('dashboard.otherWork')}
          </h3>
          <EmptyState icon="calendar check outline" text={t('dashboard.otherWorkEmpty')} testId="dashboard-other-work-empty" />
        </Segment>
      );
    case 'posts':
      // students and parents are told things: their unread notices and the homework due this week
      return <DashboardPosts active={active} now={now} />;
    case 'pictures':
      return <HomeCarousel active={active} />;
  }
}
