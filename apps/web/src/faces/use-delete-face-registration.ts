import { useMutation, useQueryClient } from '@tanstack/react-query';
import { facesClient, facesKeys } from './faces-client.js';

/** 删除注册的人脸: the lists and the groups' counts are read again. */
export function useDeleteFaceRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => facesClient.deleteRegistration(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: facesKeys.all }),
  });
}
