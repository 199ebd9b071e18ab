import { useQuery } from '@tanstack/react-query';
import { pageKeys, pagesClient } from './pages-client.js';

/** 页面管理's list: every page with the menus that carry it. */
export function usePages(enabled: boolean) {
  return useQuery({ queryKey: pageKeys.list, queryFn: ({ signal }) => pagesClient.list(signal), enabled });
}
