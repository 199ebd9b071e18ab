import { useQuery } from '@tanstack/react-query';
import { registrationKeys, registrationsClient } from './registrations-client.js';

/** Lectures and activities, a page at a time, each with the caller's own sign-up. */
export function useEvents(current: number, size: number, enabled: boolean) {
  return useQuery({ queryKey: registrationKeys.events(current, size), queryFn: ({ signal }) => registrationsClient.events(current, size, signal), enabled });
}
