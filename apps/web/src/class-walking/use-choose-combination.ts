import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** 提交选科: the answer is the student's choice; the window's counts read again. */
export function useChooseCombination(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (courseIds: string[]) => zoubanClient.choose(id, { courseIds }),
    onSuccess: (choice) => {
      client.setQueryData(zoubanKeys.choice(id), choice);
      void client.invalidateQueries({ queryKey: zoubanKeys.windows });
    },
  });
}
