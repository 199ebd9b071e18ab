import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { postsKeys, publishingClient, type ReceiptFilter } from './publishing-client.js';

/** The author's receipts of a post: counts, per class, and the recipients the filter keeps (names included). */
export function usePostReceipts(id: string, filter: ReceiptFilter, enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: postsKeys.receipts(id, filter, lang),
    queryFn: ({ signal }) => publishingClient.receipts(id, filter, signal),
    enabled: enabled && id !== '',
    placeholderData: keepPreviousData,
  });
}
