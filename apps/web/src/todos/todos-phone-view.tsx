import { Button, Loader } from 'semantic-ui-react';
import { TODO_STATUSES, type TodoStatus } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { oneOfParam, useViewParam } from '../router/use-view-param.js';
import type { ViewProps } from '../router/view-props.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { newTodoDraft, type TodoDraft, TodoForm, todoDraft } from './todo-form.js';
import { TodoDue, TodoTick, useTodoActions } from './todo-rows.js';
import { useTodos } from './use-todos.js';
import './todos.css';

const statusParam = oneOfParam(TODO_STATUSES);

/**
 * 待办, the phone-sized page (`/qt_app/dbgl`; docs/product/office.md#to-dos): one column — the filter, then each to-do
 * with its tick, due time and overdue mark; a tap opens it to edit, a button writes a new one.
 */
export default function TodosPhoneView({ active }: ViewProps) {
  const { t } = useT();
  const [status, setStatus] = useViewParam<TodoStatus>('status', 'open', statusParam);
  const todos = useTodos(status, active);
  const act = useTodoActions();
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<TodoDraft>();
  const rows = todos.data?.list ?? [];
  return (
    <div className="sf-phone sf-todos-phone" data-testid="todos-phone">
      <div className="sf-todos-phone-head">
        <h3>{t('todos.title')}</h3>
        <span className="sf-sub" data-testid="todos-count">
          {t('todos.count', { n: todos.data?.total ?? 0 })}
        </span>
        <Button size="mini" primary icon="plus" aria-label={t('todos.add')} title={t('todos.add')} onClick={() => openEditor(newTodoDraft())} data-testid="todos-create" />
      </div>
      {/* a select, not the page's button group: four buttons do not fit a phone's width */}
      <select className="ui fluid dropdown" value={status} aria-label={t('todos.title')} data-testid="todos-filter" onChange={(e) => setStatus(TODO_STATUSES.find((s) => s === e.target.value) ?? 'open')}>
        {TODO_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`todos.statuses.${s}`)}
          </option>
        ))}
      </select>
      {todos.isLoading ? <Loader active inline="centered" size="small" /> : null}
      {!todos.isLoading && rows.length === 0 ? <div className="sf-hint">{t('todos.empty')}</div> : null}
      <ul className="sf-todos-phone-list">
        {rows.map((row) => (
          <li key={row.id} data-testid="todos-row" data-id={row.id} data-done={row.done ? '1' : '0'} data-overdue={row.overdue ? '1' : '0'} className={row.overdue ? 'sf-overdue' : ''}>
            <TodoTick row={row} onTick={act.tick} />
            <button type="button" className="sf-todos-phone-main" onClick={() => openEditor(todoDraft(row))}>
              <span className={`sf-strong ${row.done ? 'sf-todo-done' : ''}`}>{row.title}</span>
              <TodoDue row={row} />
            </button>
            <Button size="mini" basic icon="trash alternate outline" aria-label={t('admin.delete')} onClick={() => void act.remove(row)} data-testid="todo-delete" />
          </li>
        ))}
      </ul>
      {editing ? <TodoForm draft={editing} onClose={closeEditor} /> : null}
    </div>
  );
}
