import { useMutation, useQueryClient } from '@tanstack/react-query';
import { facesClient, facesKeys } from './faces-client.js';

/** 删除分组: the groups and the settings are read again (the check-in group may have been this one). */
export function useDeleteFaceGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => facesClient.deleteGroup(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: facesKeys.all }),
  });
}
