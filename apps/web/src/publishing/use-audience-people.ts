import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AudiencePeopleQuery } from '@schoolflow/contracts';
import { useT } from '../i18n/use-t.js';
import { postsKeys, publishingClient } from './publishing-client.js';

/**
 * The compose form's named-people search: a class's students, or people by name, student number or account. Asked
 * only once a class is chosen or something typed (the whole school is no list to scroll); the last answer stays
 * while the next is read.
 */
export function useAudiencePeople(q: AudiencePeopleQuery) {
  const { lang } = useT();
  return useQuery({
    queryKey: postsKeys.people(q, lang),
    queryFn: ({ signal }) => publishingClient.people(q, signal),
    enabled: Boolean(q.classId || q.keyword),
    placeholderData: keepPreviousData,
  });
}
