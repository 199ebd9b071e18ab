import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys, projectsClient } from './projects-client.js';

/** Delete a project (its owner); the lists read again. */
export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => projectsClient.remove(id),
    onSuccess: (_res, id) => {
      client.removeQueries({ queryKey: projectKeys.detail(id) });
      void client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
