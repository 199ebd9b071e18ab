import { useQuery } from '@tanstack/react-query';
import { dormitoriesClient, dormitoryKeys } from './dormitories-client.js';

/** A room's beds and who sleeps in each. */
export function useRoomBeds(roomId: string | null) {
  return useQuery({ queryKey: dormitoryKeys.beds(roomId ?? ''), queryFn: ({ signal }) => dormitoriesClient.beds(roomId ?? '', signal), enabled: roomId !== null });
}
