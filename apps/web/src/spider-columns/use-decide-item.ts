import { useMutation, useQueryClient } from '@tanstack/react-query';
import { spiderClient, spiderKeys } from './spider-client.js';

/** An item published as a post, or ignored; the column's lists read again. */
export function useDecideItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'publish' | 'ignore' }) => (decision === 'publish' ? spiderClient.publish(id) : spiderClient.ignore(id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: spiderKeys.all }),
  });
}
