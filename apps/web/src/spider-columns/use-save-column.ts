import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpiderColumnBody } from '@schoolflow/contracts';
import { spiderClient, spiderKeys } from './spider-client.js';

/** A new column (no id) or a change to one; every list read again. */
export function useSaveColumn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SpiderColumnBody }) => (id ? spiderClient.update(id, body) : spiderClient.create(body)),
    onSuccess: () => void client.invalidateQueries({ queryKey: spiderKeys.all }),
  });
}
