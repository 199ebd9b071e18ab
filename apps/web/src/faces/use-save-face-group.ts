import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaceGroupValues } from '@schoolflow/contracts';
import { facesClient, facesKeys } from './faces-client.js';

/** 新建 / 编辑分组: the groups (and the settings' group name) are read again. */
export function useSaveFaceGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: FaceGroupValues }) => facesClient.saveGroup(id, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: facesKeys.all }),
  });
}
