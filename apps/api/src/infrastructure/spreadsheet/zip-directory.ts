/**
 * What a zip archive (an .xlsx) says about itself, read from its central directory without inflating anything: how
 * many entries, and how many bytes they claim to hold once uncompressed. A 2 MB .xlsx can claim 450 MB of XML; that
 * is refused before any parser sees it. (An archive that lies about its sizes is left to the parser's own limits:
 * SheetJS trusts the claimed size, and the parse runs in a worker with time and memory limits.)
 */
export type ZipSummary = { ok: true; entries: number; uncompressed: number } | { ok: false };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

export function zipSummary(bytes: Buffer): ZipSummary {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - END_SEARCH); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return { ok: false };
  const entries = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 (0xffff entries or 0xffffffff offsets) is not an .xlsx a school writes: refused as not a workbook.
  if (entries === 0xffff || offset === 0xffffffff || offset + size > end) return { ok: false };
  let at = offset;
  let uncompressed = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return { ok: false };
    const claimed = bytes.readUInt32LE(at + 24);
    if (claimed === 0xffffffff) return { ok: false };
    uncompressed += claimed;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { ok: true, entries, uncompressed };
}
