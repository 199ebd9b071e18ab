/**
 * File types are decided from the bytes, not the name: each allowed extension has the signatures its content
 * must start with. A name whose extension does not match its bytes is refused.
 */
const SIGNATURES: Record<string, { mime: string; magic: number[][]; offset?: number }> = {
  '.jpg': { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  '.jpeg': { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  '.png': { mime: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]] },
  '.gif': { mime: 'image/gif', magic: [[0x47, 0x49, 0x46, 0x38]] },
  '.pdf': { mime: 'application/pdf', magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
  // Office Open XML are zip archives
  '.xlsx': { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', magic: [[0x50, 0x4b, 0x03, 0x04]] },
  '.docx': { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: [[0x50, 0x4b, 0x03, 0x04]] },
  '.pptx': { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', magic: [[0x50, 0x4b, 0x03, 0x04]] },
  // legacy Office: OLE compound files
  '.xls': { mime: 'application/vnd.ms-excel', magic: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]] },
  '.doc': { mime: 'application/msword', magic: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]] },
  '.ppt': { mime: 'application/vnd.ms-powerpoint', magic: [[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]] },
  // ISO base media: 'ftyp' at byte 4
  '.mp4': { mime: 'video/mp4', magic: [[0x66, 0x74, 0x79, 0x70]], offset: 4 },
};

export const KNOWN_EXTENSIONS = Object.keys(SIGNATURES);

export function extensionOf(name: string): string {
  const m = /(\.[A-Za-z0-9]{1,8})$/.exec(name);
  return m?.[1]?.toLowerCase() ?? '';
}

/** The MIME type when the bytes match the extension, else null. */
export function detectType(ext: string, bytes: Buffer): string | null {
  const sig = SIGNATURES[ext];
  if (!sig) return null;
  const off = sig.offset ?? 0;
  return sig.magic.some((m) => m.every((b, i) => bytes[off + i] === b)) ? sig.mime : null;
}

/**
 * Bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069) make "photo\u202Egnp.exe" read as
 * "photoexe.png" in a list; zero-width characters (U+200B–U+200D, U+FEFF) hide in a name. Neither belongs in a name.
 */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** The original name as shown to people: last path segment, no control or bidirectional characters, at most 200. */
export function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(INVISIBLE, '').replace(/^\.+/, '').trim();
  return cleaned.slice(-200) || 'file';
}
