import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TODO_LIST_MAX, type TodoStatus } from '@schoolflow/contracts';
import { useRealtime } from '../realtime/use-realtime.js';
import { todoKeys, todosClient } from './todos-client.js';

/**
 * My to-dos of a filter (`size` at most: the dashboard asks for 5), read while shown and again when another tab of
 * mine changes one or a reminder is sent (`todo.changed`), or after a missed push.
 */
export function useTodos(status: TodoStatus, active: boolean, size: number = TODO_LIST_MAX, silent = false) {
  const client = useQueryClient();
  const stale = () => void client.invalidateQueries({ queryKey: todoKeys.all });
  useRealtime('todo.changed', stale, stale);
  return useQuery({ queryKey: todoKeys.list(status, size), queryFn: ({ signal }) => todosClient.list(status, size, signal), enabled: active, ...(silent ? { meta: { silent: true } } : {}) });
}
