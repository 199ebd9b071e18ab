import type { PostAttachment } from '@schoolflow/contracts';

/** An attachment as the download saves it: its name, with its suffix unless the name already ends with it. */
export function fileRef(a: PostAttachment) {
  const suffix = a.suffix ? `.${a.suffix.replace(/^\./, '')}` : '';
  return { resId: a.resId, resName: a.name, resSuffix: a.name.toLowerCase().endsWith(suffix.toLowerCase()) ? '' : suffix };
}
