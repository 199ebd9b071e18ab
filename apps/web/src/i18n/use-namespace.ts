import { useQuery } from '@tanstack/react-query';
import { i18n } from './i18n.js';
import type { PublicFeatureNamespace } from './namespaces.js';

/**
 * A feature namespace on a page outside the shell (public questionnaires, the visitor's consultation): a session
 * loads every feature namespace, a signed-out visitor only the first ones. True once it is in; a language switch then
 * loads the other language's too (the namespace is in the instance's list from here on).
 */
export function useNamespace(ns: PublicFeatureNamespace): boolean {
  const loaded = useQuery({
    queryKey: ['i18n', ns],
    queryFn: async () => {
      await i18n.loadNamespaces(ns);
      return true;
    },
    staleTime: Infinity,
    meta: { silent: true },
  });
  return loaded.data === true;
}
