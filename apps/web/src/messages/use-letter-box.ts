import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { type LetterBoxParams, lettersClient, lettersKeys } from './letters-client.js';

/** One page of a box (inbox, sent, drafts, trash), kept while the next is read; a failure empties the table. */
export function useLetterBox(p: LetterBoxParams, enabled: boolean) {
  const { lang } = useT();
  const q = useQuery({ queryKey: lettersKeys.box(p, lang), queryFn: ({ signal }) => lettersClient.box(p, signal), enabled, placeholderData: keepPreviousData, staleTime: 0 });
  return { page: q.isError ? { total: 0, rows: [] } : (q.data ?? { total: 0, rows: [] }), loading: enabled && (q.isPending || q.isPlaceholderData), reload: () => void q.refetch() };
}
