import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n/use-t.js';
import { finalClient, finalKeys } from './final-client.js';

/** The head teacher's classes in every round with their final-term flow. */
export function useFinalClasses(enabled: boolean) {
  const { lang } = useT();
  return useQuery({ queryKey: finalKeys.classes(lang), queryFn: ({ signal }) => finalClient.classes(signal), enabled });
}
