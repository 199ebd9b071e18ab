import { useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { TODOS_PAGE } from '@schoolflow/contracts';
import { EmptyState } from '../components/empty-state.js';
import { useT } from '../i18n/use-t.js';
import { TodoDue, TodoTick, useTodoActions } from './todo-rows.js';
import { useTodos } from './use-todos.js';
import './todos.css';

const SHOWN = 5;

/**
 * The dashboard's "my to-dos" beside the workflow backlog: my open to-dos, the soonest due first (5), overdue ones
 * marked, each ticked here; kept current by `todo.changed`. A failure leaves the dashboard usable without it.
 */
export function DashboardTodos({ active }: { active: boolean }) {
  const { t } = useT();
  const navigate = useNavigate();
  const todos = useTodos('open', active, SHOWN, true);
  const act = useTodoActions();
  const rows = todos.data?.list ?? [];
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState icon="check square outline" text={t('dashboard.todosEmpty')} testId="dashboard-todos-empty" />
      ) : (
        <ul className="sf-dashboard-todos" data-testid="dashboard-todos-list">
          {rows.map((row) => (
            <li key={row.id} data-testid="dashboard-todo" data-id={row.id} data-overdue={row.overdue ? '1' : '0'}>
              <TodoTick row={row} onTick={act.tick} />
              <span className="sf-strong">{row.title}</span>
              <TodoDue row={row} />
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="sf-link sf-backlog-more" data-testid="dashboard-todos-more" onClick={() => void navigate(TODOS_PAGE.url)}>
        {t('dashboard.todosMore')}
        {todos.data && todos.data.total > 0 ? ` (${todos.data.total})` : ''} <Icon name="angle right" />
      </button>
    </>
  );
}
