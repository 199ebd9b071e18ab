import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InspectionValues } from '@schoolflow/contracts';
import { dormitoriesClient, dormitoryKeys, type InspectionFilters } from './dormitories-client.js';

/** Hygiene inspections, a page of them. */
export function useInspections(filters: InspectionFilters, current: number, size: number, enabled: boolean) {
  return useQuery({ queryKey: dormitoryKeys.inspections(filters, current, size), queryFn: ({ signal }) => dormitoriesClient.inspections(filters, current, size, signal), placeholderData: keepPreviousData, enabled });
}

/** 新增检查: the lists read again. */
export function useRecordInspection() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (body: InspectionValues) => dormitoriesClient.inspect(body), onSuccess: () => void client.invalidateQueries({ queryKey: dormitoryKeys.inspectionLists }) });
}
