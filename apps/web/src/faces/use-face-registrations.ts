import { useQuery } from '@tanstack/react-query';
import { facesClient, facesKeys } from './faces-client.js';

/** Registered faces: mine, or everyone's (face:manage) matching `q`. */
export function useFaceRegistrations(scope: 'mine' | 'all', q: string, enabled = true) {
  return useQuery({ queryKey: facesKeys.registrations(scope, q), queryFn: ({ signal }) => facesClient.registrations(scope, q, signal), enabled });
}
