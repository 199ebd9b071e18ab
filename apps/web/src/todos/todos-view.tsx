import { useMemo } from 'react';
import { Button, Message } from 'semantic-ui-react';
import { type Todo, TODO_STATUSES, TODOS_PAGE, type TodoStatus } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { actionsColumn, type Column, DeleteButton, ListCard, RowButton } from '../components/list-page.js';
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
 * 待办 (`/dbgl`; docs/product/office.md#to-dos): my to-dos by filter, the soonest due first, overdue ones marked —
 * new, edit, tick and delete; the server checks every rule and that each is mine.
 */
export default function TodosView({ active }: ViewProps) {
  const { t } = useT();
  const [status, setStatus] = useViewParam<TodoStatus>('status', 'open', statusParam);
  const todos = useTodos(status, active);
  const act = useTodoActions();
  const { target: editing, open: openEditor, close: closeEditor } = useDialogTarget<TodoDraft>();
  const list = useMemo(() => ({ page: todos.data ?? { total: 0, list: [] }, loading: todos.isFetching, reload: () => void todos.refetch() }), [todos]);

  const columns: Column<Todo>[] = [
    { title: '', narrow: true, cell: (row) => <TodoTick row={row} onTick={act.tick} /> },
    {
      title: t('todos.titleLabel'),
      cell: (row) => (
        <div className={row.done ? 'sf-todo-done' : ''}>
          <div className="sf-strong" data-testid="todo-title">
            {row.title}
          </div>
          {row.note ? <div className="sf-sub sf-todo-note">{row.note}</div> : null}
        </div>
      ),
    },
    { title: t('todos.due'), narrow: true, props: { singleLine: true }, cell: (row) => <TodoDue row={row} /> },
    { title: t('todos.remind'), narrow: true, props: { singleLine: true }, cell: (row) => t(`todos.reminds.${row.remindMinutes === null ? 'none' : (String(row.remindMinutes) as '0' | '15' | '60' | '1440')}`) },
    actionsColumn(t('admin.actions'), TODOS_PAGE.permission, (row) => (
      <>
        <RowButton icon="edit" title={t('admin.edit')} onClick={() => openEditor(todoDraft(row))} testId="todo-edit" />
        <DeleteButton title={t('admin.delete')} onClick={() => void act.remove(row)} testId="todo-delete" />
      </>
    )),
  ];

  return (
    <div className="sf-page sf-admin sf-todos" data-testid="todos-view">
      <Message info size="small" content={t('todos.hint')} />
      {todos.isError ? <Message negative content={errorMessage(todos.error)} /> : null}
      <ListCard
        testId="todos"
        icon="check square outline"
        title={t('todos.title')}
        sub={<span className="sf-card-sub" data-testid="todos-count">{t('todos.count', { n: list.page.total })}</span>}
        list={list}
        create={{ permission: TODOS_PAGE.permission, onClick: () => openEditor(newTodoDraft()) }}
        tools={<StatusFilter status={status} onStatus={setStatus} />}
        columns={columns}
        rowProps={(row) => ({ 'data-done': row.done ? '1' : '0', 'data-overdue': row.overdue ? '1' : '0', negative: row.overdue })}
        emptyText={t('todos.empty')}
        emptyIcon="check square outline"
      />
      {editing ? <TodoForm draft={editing} onClose={closeEditor} /> : null}
    </div>
  );
}

/** Open / done / overdue / all. */
function StatusFilter({ status, onStatus }: { status: TodoStatus; onStatus: (s: TodoStatus) => void }) {
  const { t } = useT();
  return (
    <Button.Group size="small" basic data-testid="todos-filter">
      {TODO_STATUSES.map((s) => (
        <Button key={s} type="button" active={s === status} onClick={() => onStatus(s)} data-testid={`todos-filter-${s}`} aria-pressed={s === status}>
          {t(`todos.statuses.${s}`)}
        </Button>
      ))}
    </Button.Group>
  );
}
