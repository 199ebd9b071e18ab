import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registrationKeys, registrationsClient } from './registrations-client.js';

/** 签到: the roster reads again. */
export function useCheckIn(id: string) {
  const client = useQueryClient();
  return useMutation({ mutationFn: (userId: string) => registrationsClient.checkIn(id, userId), onSettled: () => void client.invalidateQueries({ queryKey: registrationKeys.roster(id) }) });
}
