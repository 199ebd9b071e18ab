import { useQuery } from '@tanstack/react-query';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** One kept version as it was saved (null: none chosen). */
export function useVersion(id: string, version: number | null) {
  return useQuery({ queryKey: knowledgeKeys.version(id, version ?? 0), queryFn: ({ signal }) => knowledgeClient.version(id, version ?? 0, signal), enabled: version !== null });
}
