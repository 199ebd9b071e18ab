import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TodoValues } from '@schoolflow/contracts';
import { todoKeys, todosClient } from './todos-client.js';

/** Write down a to-do (no id) or change one; every list read again. */
export function useSaveTodo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TodoValues }) => (id ? todosClient.update(id, body) : todosClient.create(body)),
    onSuccess: () => void client.invalidateQueries({ queryKey: todoKeys.all }),
  });
}
