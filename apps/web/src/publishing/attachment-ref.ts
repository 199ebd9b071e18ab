import type { SemanticICONS } from 'semantic-ui-react';
import type { PostAttachment } from '@schoolflow/contracts';

/** Whether the page previews a document itself (PDF only; Word and PowerPoint are downloaded: docs/adr/0037). */
export const previewable = (a: PostAttachment): boolean => a.suffix.replace(/^\./, '').toLowerCase() === 'pdf';

/** A document's type icon. */
export function documentIcon(a: PostAttachment): SemanticICONS {
  const s = a.suffix.replace(/^\./, '').toLowerCase();
  if (s === 'pdf') return 'file pdf outline';
  if (s === 'doc' || s === 'docx') return 'file word outline';
  if (s === 'ppt' || s === 'pptx') return 'file powerpoint outline';
  return 'file alternate outline';
}

/** A size as a reader reads it: KB under a megabyte, else MB with one decimal. */
export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** An attachment as the download saves it: its name, with its suffix unless the name already ends with it. */
export function fileRef(a: PostAttachment) {
  const suffix = a.suffix ? `.${a.suffix.replace(/^\./, '')}` : '';
  return { resId: a.resId, resName: a.name, resSuffix: a.name.toLowerCase().endsWith(suffix.toLowerCase()) ? '' : suffix };
}
