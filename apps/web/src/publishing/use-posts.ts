import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useT } from '../i18n/use-t.js';
import { type PostListParams, postsKeys, publishingClient } from './publishing-client.js';

/**
 * A page of posts: the author's own (`authored`: drafts, scheduled, published, withdrawn, with their counts) or the
 * reader's inbox (`inbox`: unread first, pinned on top, as the server orders them). Kept fresh by usePostsLive.
 */
export function usePosts(params: PostListParams, enabled = true) {
  const { lang } = useT();
  return useQuery({
    queryKey: postsKeys.list(params, lang),
    queryFn: ({ signal }) => publishingClient.list(params, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
