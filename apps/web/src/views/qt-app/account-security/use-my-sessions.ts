import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '../../../api/account-api.js';
import { reportError } from '../../../api/http.js';
import { toast } from '../../../util/toast.js';

const sessionsKey = ['account', 'sessions'] as const;

/** My sessions, read whenever the page comes into view (they change on other devices); a failure empties the table. */
export function useMySessions(active: boolean) {
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => accountApi.mySessions(signal), enabled: active, staleTime: 0 });
  return { sessions: sessions.isError ? [] : (sessions.data ?? []), loading: sessions.isFetching, reload: () => void sessions.refetch() };
}

/** Ends my other sessions, says so, and reads the list again. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => accountApi.endOtherSessions(),
    onSuccess: (msg) => {
      toast.success(msg);
      return client.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: reportError,
  });
}
