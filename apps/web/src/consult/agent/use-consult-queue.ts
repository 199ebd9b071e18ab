import { useQuery } from '@tanstack/react-query';
import { consultClient, consultKeys } from '../consult-client.js';

/** 咨询管理: the queue, my conversations and the agents online (kept live by the socket's pushes). */
export function useConsultQueue() {
  return useQuery({ queryKey: consultKeys.queue, queryFn: ({ signal }) => consultClient.queue(signal) });
}
