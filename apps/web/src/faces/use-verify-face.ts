import { useMutation } from '@tanstack/react-query';
import { facesClient } from './faces-client.js';

/** 测试比对: a capture compared with my registered faces; nothing recorded. */
export function useVerifyFace() {
  return useMutation({ mutationFn: (photo: Blob) => facesClient.verify(photo) });
}
