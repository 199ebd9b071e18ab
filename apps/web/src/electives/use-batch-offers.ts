import { useQuery } from '@tanstack/react-query';
import { electivesClient, electivesKeys } from './electives-client.js';

/** A batch's courses with their remaining seats (the pushes then write into it: use-elective-seats-live.ts). */
export function useBatchOffers(batchId: string) {
  return useQuery({ queryKey: electivesKeys.offers(batchId), queryFn: ({ signal }) => electivesClient.offers(batchId, signal), enabled: batchId !== '' });
}
