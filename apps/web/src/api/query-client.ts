import { QueryCache, QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n/i18n.js';
import { onLocalSessionCleared } from '../session/session-store.js';
import { isCancelled, reportError } from './http.js';

/**
 * The one react-query cache of the app. Failed loads show the server's message once here rather than in every page
 * (a query may opt out with `meta: {silent: true}`); no retries, since the API answers a refusal that a retry would
 * only repeat and the HTTP client already reports network trouble; no refetch on window focus, since pages stay
 * mounted in background tabs and reload through invalidation after writes instead.
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err, query) => {
      if (query.meta?.silent === true || isCancelled(err)) return;
      reportError(err);
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// What one account loaded is never shown to the next one signing in on this device.
onLocalSessionCleared(() => queryClient.clear());

// The server names base data, renders messages and labels in the reader's language (docs/architecture.md#envelope):
// after a switch every answer is read again in the new one — those on screen now, the others when next shown.
i18n.on('languageChanged', () => void queryClient.invalidateQueries());
