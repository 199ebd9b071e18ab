import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zoubanClient, zoubanKeys } from './class-walking-client.js';

/** 生成教学班: the window's classes and the list (its generated time) read again. */
export function useGenerateClasses(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => zoubanClient.generate(id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: zoubanKeys.classes(id) });
      void client.invalidateQueries({ queryKey: zoubanKeys.windows });
    },
  });
}
