import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../util/toast.js';
import { resourceClient, resourceKeys } from './resource-client.js';
import { kitText } from './resource-format.js';

/**
 * Creates (no id) or updates a record. Success toasts the server's message and reloads every resource list and option
 * list on screen; a refusal is left to the form, which shows it at its field or as a toast.
 */
export function useSaveResource(name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) => resourceClient.save(name, id, body),
    onSuccess: async (msg, { id }) => {
      toast.success(msg || kitText(id ? 'resource.messages.updatedOk' : 'resource.messages.createdOk'));
      await Promise.all([client.invalidateQueries({ queryKey: resourceKeys.all }), client.invalidateQueries({ queryKey: resourceKeys.options })]);
    },
  });
}
