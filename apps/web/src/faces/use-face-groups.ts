import { useQuery } from '@tanstack/react-query';
import { facesClient, facesKeys } from './faces-client.js';

/** The groups with their members. */
export function useFaceGroups(enabled = true) {
  return useQuery({ queryKey: facesKeys.groups, queryFn: ({ signal }) => facesClient.groups(signal), enabled });
}
