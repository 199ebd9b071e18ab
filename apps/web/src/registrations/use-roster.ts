import { useQuery } from '@tanstack/react-query';
import { registrationKeys, registrationsClient } from './registrations-client.js';

/** An event's roster (its organiser). */
export function useRoster(id: string, enabled: boolean) {
  return useQuery({ queryKey: registrationKeys.roster(id), queryFn: ({ signal }) => registrationsClient.roster(id, signal), enabled: enabled && id !== '' });
}
