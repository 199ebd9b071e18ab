import { useMutation, useQueryClient } from '@tanstack/react-query';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** Restore a kept version as the next one; the article, its versions and the lists read again. */
export function useRestoreVersion() {
  const client = useQueryClient();
  return useMutation({ mutationFn: ({ id, version }: { id: string; version: number }) => knowledgeClient.restore(id, version), onSuccess: () => void client.invalidateQueries({ queryKey: knowledgeKeys.all }) });
}
