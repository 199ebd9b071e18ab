import { useMutation, useQueryClient } from '@tanstack/react-query';
import { spiderClient, spiderKeys } from './spider-client.js';

/** A column deleted with what it collected (its posts stay). */
export function useDeleteColumn() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => spiderClient.remove(id), onSuccess: () => void client.invalidateQueries({ queryKey: spiderKeys.all }) });
}
