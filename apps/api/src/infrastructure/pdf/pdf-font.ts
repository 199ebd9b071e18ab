import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

// The documents' font: Noto Sans SC (SIL Open Font License) from the npm registry, so a fresh machine has it, and
// Chinese names print on any reader (each document embeds a subset of the glyphs it uses).
const require = createRequire(import.meta.url);
let parsed: Font | undefined;

/**
 * The font, read and parsed once per thread (a PDF worker's first document; the 10 MB file parsed per document cost
 * ~80 ms of each): pdfkit takes the parsed font as it is, and `registerFont` types its source as bytes only.
 */
export function documentFont(): Uint8Array {
  parsed ??= create(readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')));
  return parsed as unknown as Uint8Array;
}
