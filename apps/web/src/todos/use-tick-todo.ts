import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todoKeys, todosClient } from './todos-client.js';

/** Tick a to-do done or open it again; every list read again. */
export function useTickTodo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ id, done }: { id: string; done: boolean }) => todosClient.done(id, done), onSuccess: () => void client.invalidateQueries({ queryKey: todoKeys.all }) });
}
