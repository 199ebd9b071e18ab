import type { ProjectDetail } from '@schoolflow/contracts';
import { EmptyState } from '../components/empty-state.js';
import { DAY_MS, dateOf, dayNo, timelineOf } from './timeline-spans.js';
import { useProjectsT } from './use-projects-t.js';

/**
 * 时间线 (docs/product/office.md#projects): each dated task a bar from its start to its due date on a day axis (a
 * task with only a due date is a milestone, one with only a start a single day), coloured by status, overdue ones
 * outlined; a line marks today. Plain SVG-free markup: a CSS grid of rows over a scrolling axis. Tasks without dates
 * are listed under it.
 */
export function ProjectTimeline({ project, onOpen }: { project: ProjectDetail; onOpen: (taskId: string) => void }) {
  const { pj } = useProjectsT();
  const { spans, first, days, undated } = timelineOf(project.tasks, project.today);
  const dayWidth = days <= 21 ? 40 : days <= 60 ? 26 : 16;
  const width = days * dayWidth;
  const todayAt = (dayNo(project.today) - first) * dayWidth;
  // a label every day when there is room, else on Mondays
  const ticks = Array.from({ length: days }, (_, i) => first + i).filter((d) => dayWidth >= 40 || new Date(d * DAY_MS).getUTCDay() === 1);
  return (
    <div className="sf-pj-timeline" data-testid="project-timeline">
      {spans.length === 0 ? (
        <EmptyState icon="calendar alternate outline" text={pj('timeline.empty')} testId="timeline-empty" />
      ) : (
        <div className="sf-pj-tl-grid">
          <div className="sf-pj-tl-names">
            <div className="sf-pj-tl-axis-gap" />
            {spans.map((s) => (
              <button type="button" key={s.task.id} className="sf-pj-tl-name sf-link" onClick={() => onOpen(s.task.id)} title={s.task.title}>
                {s.task.title}
              </button>
            ))}
          </div>
          <div className="sf-pj-tl-scroll">
            <div className="sf-pj-tl-canvas" style={{ width }}>
              <div className="sf-pj-tl-axis">
                {ticks.map((d) => (
                  <span key={d} className="sf-pj-tl-tick" style={{ left: (d - first) * dayWidth }}>
                    {dateOf(d).slice(5)}
                  </span>
                ))}
              </div>
              <div className="sf-pj-tl-today" style={{ left: todayAt + dayWidth / 2 }} data-testid="timeline-today">
                <span>{pj('timeline.today')}</span>
              </div>
              {spans.map((s) => (
                <div key={s.task.id} className="sf-pj-tl-row">
                  <button
                    type="button"
                    className={`sf-pj-tl-bar sf-pj-status-${s.task.status}${s.milestone ? ' sf-pj-milestone' : ''}${s.task.overdue ? ' sf-pj-overdue' : ''}`}
                    style={s.milestone ? { left: (s.from - first) * dayWidth + dayWidth / 2 - 8 } : { left: (s.from - first) * dayWidth + 2, width: (s.to - s.from + 1) * dayWidth - 4 }}
                    title={`${s.task.title} · ${pj(`statuses.${s.task.status}`)} · ${s.task.startDate ?? ''}${s.task.startDate && s.task.dueDate ? ' – ' : ''}${s.task.dueDate ?? ''}`}
                    aria-label={s.task.title}
                    onClick={() => onOpen(s.task.id)}
                    data-testid="timeline-bar"
                    data-id={s.task.id}
                  >
                    {s.milestone ? null : <span className="sf-pj-tl-bar-text">{s.task.assigneeName ?? ''}</span>}
                  </button>
                </div>
              ))}
            </div>
          </div>
        </div>
      )}
      {undated.length > 0 ? (
        <div className="sf-pj-tl-undated" data-testid="timeline-undated">
          <h4>{pj('timeline.unscheduled')}</h4>
          <ul>
            {undated.map((t) => (
              <li key={t.id}>
                <button type="button" className="sf-link" onClick={() => onOpen(t.id)}>
                  {t.title}
                </button>{' '}
                <span className="sf-sub">{pj(`statuses.${t.status}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
