import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CaptureSource, facesClient, facesKeys } from './faces-client.js';

/** 注册人脸 from a capture (mine, or an account's): the lists and the groups' counts are read again. */
export function useRegisterFace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, source, account }: { photo: Blob; source: CaptureSource; account: string }) => facesClient.register(photo, source, account),
    onSuccess: () => void client.invalidateQueries({ queryKey: facesKeys.all }),
  });
}
