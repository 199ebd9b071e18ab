import { Label } from 'semantic-ui-react';
import type { Todo } from '@schoolflow/contracts';
import { errorMessage } from '../api/http.js';
import { confirmAction } from '../components/confirm-store.js';
import { useT } from '../i18n/use-t.js';
import { toast } from '../util/toast.js';
import { useDeleteTodo } from './use-delete-todo.js';
import { useTickTodo } from './use-tick-todo.js';

/** The tick, and delete after asking: what both pages do to a row. */
export function useTodoActions() {
  const { t } = useT();
  const tick = useTickTodo();
  const remove = useDeleteTodo();
  return {
    tick: (row: Todo) => tick.mutate({ id: row.id, done: !row.done }, { onError: (e) => toast.error(errorMessage(e)) }),
    remove: async (row: Todo) => {
      if (!(await confirmAction(t('todos.confirmDelete', { title: row.title })))) return;
      remove.mutate(row.id, { onSuccess: (res) => toast.success(res.msg || t('admin.deleted')), onError: (e) => toast.error(errorMessage(e)) });
    },
  };
}

/** A to-do's tick box (its label says what a click does). */
export function TodoTick({ row, onTick }: { row: Todo; onTick: (row: Todo) => void }) {
  const { t } = useT();
  return <input type="checkbox" className="sf-check" checked={row.done} aria-label={row.done ? t('todos.markOpen') : t('todos.markDone')} title={row.done ? t('todos.markOpen') : t('todos.markDone')} data-testid="todo-tick" onChange={() => onTick(row)} />;
}

/** The due time, marked when overdue. */
export function TodoDue({ row }: { row: Todo }) {
  const { t } = useT();
  if (!row.due) return <span className="sf-sub">{t('todos.noDue')}</span>;
  return (
    <span className="sf-todo-due" data-overdue={row.overdue ? '1' : '0'}>
      {row.due}{' '}
      {row.overdue ? (
        <Label size="mini" color="red" basic data-testid="todo-overdue">
          {t('todos.overdue')}
        </Label>
      ) : null}
    </span>
  );
}
