import { useQuery } from '@tanstack/react-query';
import type { ChartSource } from '@schoolflow/contracts';
import { pageKeys, pagesClient } from './pages-client.js';

/** A chart card's data from its named server source; counts change slowly, so kept a minute. */
export function useChartSource(name: ChartSource, enabled: boolean) {
  return useQuery({ queryKey: pageKeys.source(name), queryFn: ({ signal }) => pagesClient.source(name, signal), enabled, staleTime: 60_000 });
}
