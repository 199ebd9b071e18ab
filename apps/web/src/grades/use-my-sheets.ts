import { useQuery } from '@tanstack/react-query';
import { gradesClient, gradesKeys } from './grades-client.js';

/** The sheets assigned to me (成绩录入); nothing loads while the page sits in a background tab. */
export function useMySheets(enabled: boolean) {
  return useQuery({ queryKey: gradesKeys.mySheets, queryFn: ({ signal }) => gradesClient.mySheets(signal), enabled, staleTime: 0 });
}
