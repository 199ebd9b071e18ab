import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationKeys, registrationsClient } from './registrations-client.js';

/** 取消报名: the lists and one's own list read again. */
export function useCancelSignUp() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => registrationsClient.cancel(id), onSettled: () => void client.invalidateQueries({ queryKey: registrationKeys.all }) });
}
