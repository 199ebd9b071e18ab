import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportError } from '../api/http.js';
import { toast } from '../util/toast.js';
import { resourceClient, resourceKeys } from './resource-client.js';
import { kitText } from './resource-format.js';

/** Deletes a record; a refusal (409: in use, the current semester) shows the server's message. */
export function useDeleteResource(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resourceClient.remove(name, id),
    onSuccess: async (msg) => {
      toast.success(msg || kitText('resource.messages.deletedOk'));
      await Promise.all([client.invalidateQueries({ queryKey: resourceKeys.all }), client.invalidateQueries({ queryKey: resourceKeys.options })]);
    },
    onError: (err) => reportError(err),
  });
}
