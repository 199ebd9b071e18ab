import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationKeys, registrationsClient } from './registrations-client.js';

/** 报名: a seat or a waitlist place; the lists and one's own list read again. */
export function useSignUp() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: string) => registrationsClient.signUp(id), onSettled: () => void client.invalidateQueries({ queryKey: registrationKeys.all }) });
}
