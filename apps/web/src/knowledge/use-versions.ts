import { useQuery } from '@tanstack/react-query';
import { knowledgeClient, knowledgeKeys } from './knowledge-client.js';

/** An article's versions, newest first (the history's list). */
export function useVersions(id: string, enabled: boolean) {
  return useQuery({ queryKey: knowledgeKeys.versions(id), queryFn: ({ signal }) => knowledgeClient.versions(id, signal), enabled });
}
