import { useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { Permission } from '@schoolflow/contracts';
import { useAuthorized } from '../../components/authorized.js';
import { EmptyState } from '../../components/empty-state.js';
import { useT } from '../../i18n/use-t.js';
import { requestSummary } from '../../workflow/flow-columns.js';
import { detailPath, stateLabel } from '../../workflow/labels.js';
import { schoolTime } from '../../workflow/flow-model.js';
import { StatusLabels } from '../../workflow/status-labels.js';
import { useBacklog } from './use-backlog.js';

const TASKS_PATH = '/apply/tasks';
const MINE_PATH = '/apply/leave/mine';

/**
 * The dashboard's backlog: a reviewer's queue (first 5, oldest first) or an applicant's applications still in
 * review. Kept current by pushes.
 */
export function DashboardBacklog({ active }: { active: boolean }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const reviewer = useAuthorized({ all: [Permission.workflowReview] });
  const applicant = useAuthorized({ all: [Permission.leaveApply] });
  const backlog = useBacklog(reviewer ? 'tasks' : applicant ? 'applications' : null, active);

  if (!backlog || backlog.items.length === 0) {
    return <EmptyState icon="coffee" text={t('dashboard.backlogEmpty')} testId="dashboard-backlog-empty" />;
  }
  const more = backlog.kind === 'tasks' ? TASKS_PATH : MINE_PATH;
  return (
    <div className="sf-backlog" data-testid="dashboard-backlog-list" data-kind={backlog.kind}>
      <div className="sf-backlog-head">
        <span>{backlog.kind === 'tasks' ? t('dashboard.backlogTasks') : t('dashboard.backlogApplications')}</span>
        <span className="sf-sub">{t('dashboard.backlogCount', { n: backlog.total })}</span>
      </div>
      <ul className="sf-backlog-list">
        {backlog.items.map((item) => (
          <li key={item.id}>
            <button type="button" className="sf-backlog-item" data-testid="dashboard-backlog-item" data-id={item.id} onClick={() => void navigate(detailPath(item.flow, item.id))}>
              <span className="sf-backlog-main">
                <span className="sf-strong">{item.student?.name ?? item.applicant.name}</span>
                <span className="sf-sub">
                  {requestSummary(item.flow, item.form, lang, t)}
                </span>
              </span>
              <span className="sf-backlog-side">
                {backlog.kind === 'tasks' ? <span className="sf-state-chip">{stateLabel(item.state, lang)}</span> : <StatusLabels status={item.status} size="mini" />}
                <span className="sf-sub">{schoolTime(item.createdAt)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="sf-link sf-backlog-more" data-testid="dashboard-backlog-more" onClick={() => void navigate(more)}>
        {t('dashboard.backlogMore')} <Icon name="angle right" />
      </button>
    </div>
  );
}
