import { useQuery } from '@tanstack/react-query';
import { dormitoriesClient, dormitoryKeys, type HistoryOf } from './dormitories-client.js';

/** A room's or a student's allocation history, newest first. */
export function useAllocationHistory(of: HistoryOf | null) {
  return useQuery({ queryKey: dormitoryKeys.history(of ?? { roomId: '' }), queryFn: ({ signal }) => dormitoriesClient.history(of as HistoryOf, signal), enabled: of !== null });
}
