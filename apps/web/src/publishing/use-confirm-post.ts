import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileApi } from '../api/file-api.js';
import { postsKeys, publishingClient } from './publishing-client.js';

/** What a signature image is uploaded under: one PNG from the signature pad, well under the limit. */
const SIGNATURE_UPLOAD = { maxSizeKb: 2048, types: ['.png'], limit: 1 } as const;

/** The bytes of a base64 data URL, decoded here: `fetch(data:…)` is refused by the page's connect-src. */
function bytesOfDataUrl(url: string): Uint8Array<ArrayBuffer> {
  const text = atob(url.slice(url.indexOf(',') + 1));
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) out[i] = text.charCodeAt(i);
  return out;
}

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
        const [saved] = await fileApi.upload([new File([bytesOfDataUrl(v.signature)], 'signature.png', { type: 'image/png' })], SIGNATURE_UPLOAD);
        signatureId = saved?.resId;
      }
      return publishingClient.confirm(v.id, v.studentId, signatureId);
    },
    onSettled: () => client.invalidateQueries({ queryKey: postsKeys.all }),
  });
}
