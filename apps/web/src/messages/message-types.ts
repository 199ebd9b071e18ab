import { useEffect } from 'react';
import type { DictEntry } from '@schoolflow/contracts';
import { messageApi } from '../api/message-api.js';
import { useT } from '../i18n/use-t.js';
import { createStore, useStore } from '../util/store.js';

/** The STD_MESSAGE_TYPE dictionary, loaded once per page load. */
const typesStore = createStore<DictEntry[]>([]);
let loading: Promise<void> | null = null;

function ensureTypes(): void {
  loading ??= messageApi.messageTypes().then(
    (list) => typesStore.set(list),
    (err: unknown) => {
      loading = null; // retried by the next user
      console.warn('message types not loaded', err);
    },
  );
}

export function useMessageTypeList(): DictEntry[] {
  useEffect(ensureTypes, []);
  return useStore(typesStore);
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
