import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectValues } from '@schoolflow/contracts';
import { projectKeys, projectsClient } from './projects-client.js';

/** Start a project (no id) or change one; the lists and its board read again. */
export function useSaveProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProjectValues }) => (id ? projectsClient.update(id, body) : projectsClient.create(body)),
    onSuccess: (res) => {
      void client.invalidateQueries({ queryKey: projectKeys.lists });
      if (res.data) client.setQueryData(projectKeys.detail(res.data.id), res.data);
    },
  });
}
