import { useQuery } from '@tanstack/react-query';
import { consultClient, consultKeys } from '../consult-client.js';

/** One conversation and its messages (pushes merge into it). */
export function useConversation(id: string | null) {
  return useQuery({ queryKey: consultKeys.conversation(id ?? ''), queryFn: ({ signal }) => consultClient.conversation(id as string, signal), enabled: Boolean(id) });
}
