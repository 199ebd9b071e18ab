import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectMemberInput } from '@schoolflow/contracts';
import { projectKeys, projectsClient } from './projects-client.js';

/** Add a member, change one's role, hand the project over or remove one; the board takes the answer. */
export function useSetMember(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: ProjectMemberInput }) => projectsClient.member(projectId, userId, body),
    onSuccess: (res) => {
      if (res.data) client.setQueryData(projectKeys.detail(projectId), res.data);
      void client.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}
