import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type UiStringFilters, uiStringKeys, uiStringsClient } from './ui-strings-client.js';

/** A page of one language's namespace's strings with their overrides. */
export function useUiStrings(filters: UiStringFilters, current: number, size: number, enabled: boolean) {
  return useQuery({ queryKey: uiStringKeys.list(filters, current, size), queryFn: ({ signal }) => uiStringsClient.list(filters, current, size, signal), enabled, placeholderData: keepPreviousData });
}
