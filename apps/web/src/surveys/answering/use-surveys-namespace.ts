import { useNamespace } from '../../i18n/use-namespace.js';

/** The `surveys` messages on a page outside the shell (the public list, answering, the preview). */
export function useSurveysNamespace(): boolean {
  return useNamespace('surveys');
}
