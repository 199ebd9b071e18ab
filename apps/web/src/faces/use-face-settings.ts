import { useQuery } from '@tanstack/react-query';
import { facesClient, facesKeys } from './faces-client.js';

/** The threshold, the check-in group, the liveness check and the model. */
export function useFaceSettings(enabled = true) {
  return useQuery({ queryKey: facesKeys.settings, queryFn: ({ signal }) => facesClient.settings(signal), enabled });
}
