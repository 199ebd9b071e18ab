import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '../realtime/use-realtime.js';
import { registrationKeys } from './registrations-client.js';

/**
 * Keeps 讲座 live: `registration.changed` (to the organiser on every sign-up and cancellation, to a student promoted
 * from the waitlist) marks the lists, the roster and one's own list stale, so a promotion shows without a reload.
 */
export function useRegistrationsLive(): void {
  const client = useQueryClient();
  useRealtime(
    'registration.changed',
    () => void client.invalidateQueries({ queryKey: registrationKeys.all }),
    () => void client.invalidateQueries({ queryKey: registrationKeys.all }),
  );
}
