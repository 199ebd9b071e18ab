import { type AttachmentKind, DOCUMENT_SUFFIXES, PICTURE_SUFFIXES, POST_ATTACHMENT_LIMITS as L, VIDEO_SUFFIXES } from '@schoolflow/contracts';

/** An uploaded file as the files module keeps it. */
export interface AttachedFile {
  resId: string;
  name: string;
  suffix: string;
  mime: string;
  size: number;
}

/** Why a set of attachments is refused: a `publishing.errors.*` key and its parameters. */
export interface AttachmentRefusal {
  key: string;
  params: Record<string, unknown>;
}

const MB = 1024 * 1024;
const suffixOf = (f: AttachedFile): string => f.suffix.replace(/^\./, '').toLowerCase();

/** What a file is by its suffix: a picture, a video or a document; anything else none. */
export function attachmentKind(f: AttachedFile): AttachmentKind | null {
  const s = suffixOf(f);
  if ((PICTURE_SUFFIXES as readonly string[]).includes(s)) return 'picture';
  if ((VIDEO_SUFFIXES as readonly string[]).includes(s)) return 'video';
  if ((DOCUMENT_SUFFIXES as readonly string[]).includes(s)) return 'document';
  return null;
}

/**
 * The spec's limits (§5, §9) on a post's files: for a notice, homework, activity or performance record up to 9
 * pictures, 1 MP4 video ≤ 100 MB and 4 documents (PDF, DOC, PPT) ≤ 10 MB each; for an award certificate pictures
 * ≤ 2 MB each; an empty file never. The first violation is answered (a file's own fault before the counts), so the
 * message names the file where there is one.
 */
export function attachmentRefusal(files: readonly AttachedFile[], rule: 'post' | 'award'): AttachmentRefusal | null {
  const counts = { picture: 0, video: 0, document: 0 };
  for (const f of files) {
    const name = f.name;
    if (f.size <= 0) return { key: 'publishing.errors.emptyFile', params: { name } };
    const kind = attachmentKind(f);
    if (!kind || (rule === 'award' && kind !== 'picture')) return { key: 'publishing.errors.attachmentType', params: { name } };
    if (rule === 'award' && f.size > L.awardImageBytes) return { key: 'publishing.errors.awardImageTooLarge', params: { name, mb: L.awardImageBytes / MB } };
    if (kind === 'video' && f.size > L.videoBytes) return { key: 'publishing.errors.videoTooLarge', params: { name, mb: L.videoBytes / MB } };
    if (kind === 'document' && f.size > L.documentBytes) return { key: 'publishing.errors.documentTooLarge', params: { name, mb: L.documentBytes / MB } };
    counts[kind] += 1;
  }
  if (counts.picture > L.pictures) return { key: 'publishing.errors.tooManyPictures', params: { max: L.pictures } };
  if (counts.video > L.videos) return { key: 'publishing.errors.tooManyVideos', params: { max: L.videos } };
  if (counts.document > L.documents) return { key: 'publishing.errors.tooManyDocuments', params: { max: L.documents } };
  return null;
}
