import { useQuery } from '@tanstack/react-query';
import type { DictEntry } from '@schoolflow/contracts';
import { messageApi } from '../api/message-api.js';
import { useT } from '../i18n/use-t.js';
import { messageKeys } from './message-keys.js';

const NO_TYPES: DictEntry[] = [];

/**
 * The STD_MESSAGE_TYPE dictionary, loaded once per page load (it changes with a release, not while a page is open); a
 * failed load shows codes instead of names and is tried again by the next page that needs it.
 */
export function useMessageTypeList(): DictEntry[] {
  const q = useQuery({ queryKey: messageKeys.types(), queryFn: () => messageApi.messageTypes(), staleTime: Infinity, gcTime: Infinity, meta: { silent: true } });
  return q.data ?? NO_TYPES;
}

/** A message type code → its dictionary name in the current language (English shows nameEn). */
export function useMessageTypes(): (code: string) => string {
  const list = useMessageTypeList();
  const { lang } = useT();
  return (code) => {
    const e = list.find((x) => x.code === code);
    if (!e) return code;
    return lang === 'en' ? e.nameEn || e.name : e.name;
  };
}
