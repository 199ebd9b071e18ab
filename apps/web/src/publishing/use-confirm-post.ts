import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileApi } from '../api/file-api.js';
import { postsKeys, publishingClient } from './publishing-client.js';

/** What a signature image is uploaded under: one PNG from the signature pad, well under the limit. */
const SIGNATURE_UPLOAD = { maxSizeKb: 2048, types: ['.png'], limit: 1 } as const;

/**
 * 确认: the reader (or a parent for their child) confirms a post that asks for it; with `signature` (the pad's PNG
 * data URL) the image is uploaded first and its id sent with the confirmation.
 */
export function useConfirmPost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: string; studentId?: string; signature?: string }) => {
      let signatureId: string | undefined;
      if (v.signature) {
        const blob = await (await fetch(v.signature)).blob();
        const [saved] = await fileApi.upload([new File([blob], 'signature.png', { type: 'image/png' })], SIGNATURE_UPLOAD);
        signatureId = saved?.resId;
      }
      return publishingClient.confirm(v.id, v.studentId, signatureId);
    },
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
