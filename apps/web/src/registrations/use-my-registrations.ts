import { useQuery } from '@tanstack/react-query';
import { registrationKeys, registrationsClient } from './registrations-client.js';

/** 我的报名: one's sign-ups and the lectures attended against the twelve. */
export function useMyRegistrations(enabled: boolean) {
  return useQuery({ queryKey: registrationKeys.mine, queryFn: ({ signal }) => registrationsClient.mine(signal), enabled });
}
