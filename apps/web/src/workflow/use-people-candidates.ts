import { useQuery } from '@tanstack/react-query';
import { workflowApi } from '../api/workflow-api.js';
import { useDebounced } from '../util/use-debounced.js';
import { workflowKeys } from './workflow-keys.js';

interface Instance {
  flow: string;
  id: string;
}

/**
 * Whom a step may be handed to (转办): the holders of its role, as the server lists them; null until answered. Another
 * command naming a person (a repair's DISPATCH) lists its own role's holders.
 */
export function useTransferCandidates(instance: Instance, command = 'TRANSFER') {
  return useQuery({
    queryKey: [...workflowKeys.all, 'transfer-candidates', instance.flow, instance.id, command] as const,
    queryFn: ({ signal }) => workflowApi.transferCandidates(instance.flow, instance.id, signal, command),
    staleTime: 0,
  }).data ?? null;
}

/** Typing: one search per pause. */
const SEARCH_DELAY_MS = 250;

/** People a CC (抄送) may name, found by a part of their name or account; none for an empty search. */
export function useCcCandidates(instance: Instance, search: string) {
  const text = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const found = useQuery({
    queryKey: [...workflowKeys.all, 'cc-candidates', instance.flow, instance.id, text] as const,
    queryFn: ({ signal }) => workflowApi.ccCandidates(instance.flow, instance.id, text, signal),
    enabled: text !== '',
  });
  return search.trim() === '' ? [] : (found.data ?? []);
}
