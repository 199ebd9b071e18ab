import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todoKeys, todosClient } from './todos-client.js';

/** Delete a to-do; every list read again. */
export function useDeleteTodo() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => todosClient.remove(id), onSuccess: () => void client.invalidateQueries({ queryKey: todoKeys.all }) });
}
