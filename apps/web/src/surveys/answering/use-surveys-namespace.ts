import { useQuery } from '@tanstack/react-query';
import { i18n } from '../../i18n/i18n.js';

/**
 * The `surveys` messages on a page outside the shell (the public list, answering, the preview): a session loads every
 * feature namespace, a signed-out visitor only the first ones. True once they are in; a language switch then loads
 * the other language's too (the namespace is in the instance's list from here on).
 */
export function useSurveysNamespace(): boolean {
  const loaded = useQuery({
    queryKey: ['i18n', 'surveys'],
    queryFn: async () => {
      await i18n.loadNamespaces('surveys');
      return true;
    },
    staleTime: Infinity,
    meta: { silent: true },
  });
  return loaded.data === true;
}
