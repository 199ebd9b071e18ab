import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { reportClient, reportKeys } from './report-client.js';

/** A class's enrolled students, by number. */
export function useClassStudents(classId: string, enabled: boolean) {
  const { lang } = useT();
  return useQuery({ queryKey: reportKeys.students(classId, lang), queryFn: ({ signal }) => reportClient.students(classId, signal), enabled: enabled && classId !== '', staleTime: 60_000 });
}
