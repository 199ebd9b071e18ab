import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { reportClient, reportKeys } from './report-client.js';

/** The classes whose reports I may make: all in school for grade managers, a head teacher's own. */
export function useReportClasses(enabled: boolean) {
  const { lang } = useT();
  return useQuery({ queryKey: reportKeys.classes(lang), queryFn: ({ signal }) => reportClient.classes(signal), enabled, staleTime: 5 * 60_000 });
}
