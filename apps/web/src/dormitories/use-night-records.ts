import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NightRecordValues } from '@schoolflow/contracts';
import { dormitoriesClient, dormitoryKeys, type NightFilters } from './dormitories-client.js';

/** Night records, a page of them (a head teacher's: their classes'). */
export function useNightRecords(filters: NightFilters, current: number, size: number, enabled: boolean) {
  return useQuery({ queryKey: dormitoryKeys.nights(filters, current, size), queryFn: ({ signal }) => dormitoriesClient.nights(filters, current, size, signal), placeholderData: keepPreviousData, enabled });
}

/** 登记 a late return or a night away: the lists read again. */
export function useRecordNight() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: NightRecordValues) => dormitoriesClient.recordNight(body), onSuccess: () => void client.invalidateQueries({ queryKey: dormitoryKeys.nightLists }) });
}
