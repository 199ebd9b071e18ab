import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';

/**
 * A capture's pixels for the model (docs/adr/0063-face-recognition.md#model): a JPEG (the camera's snapshot, most
 * phone photos) or a PNG decoded in plain JavaScript — no native image library — within a size limit, then scaled
 * down so its longer side is at most `MAX_SIDE` (the detector works on 256 px; a 12-megapixel photo would cost
 * 140 MB as a tensor for nothing). Pure: unit-tested in face-image.spec.ts.
 */
export const MAX_SIDE = 1024;
/** Megapixels a capture may have, at most (a phone's photo is 12–50). */
export const MAX_MEGAPIXELS = 50;

export interface RgbImage {
  width: number;
  height: number;
  /** Row by row, three bytes a pixel. */
  data: Uint8Array;
}

export type DecodeFailure = 'badImage' | 'imageTooLarge';

interface PngModule {
  PNG: { sync: { read(buffer: Buffer, options?: { checkCRC?: boolean }): { width: number; height: number; data: Buffer } } };
}
const require = createRequire(import.meta.url);

function kindOf(bytes: Uint8Array): 'jpeg' | 'png' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  return null;
}

/** Width and height from a PNG's header, read before decoding (the IHDR chunk is first). */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** RGBA (four bytes a pixel) to RGB, scaled down by area averaging so the longer side is at most `maxSide`. */
export function toRgb(rgba: Uint8Array, width: number, height: number, maxSide = MAX_SIDE): RgbImage {
  const scale = Math.max(width, height) > maxSide ? maxSide / Math.max(width, height) : 1;
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor(y / scale);
    const y1 = Math.max(y0 + 1, Math.min(height, Math.floor((y + 1) / scale)));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor(x / scale);
      const x1 = Math.max(x0 + 1, Math.min(width, Math.floor((x + 1) / scale)));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * width + sx) * 4;
          r += rgba[i] ?? 0;
          g += rgba[i + 1] ?? 0;
          b += rgba[i + 2] ?? 0;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * w + x) * 3;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
    }
  }
  return { width: w, height: h, data: out };
}

/** The capture's pixels, or why not: not a JPEG or PNG (or a broken one), or more than MAX_MEGAPIXELS. */
export function decodeCapture(bytes: Uint8Array): RgbImage | DecodeFailure {
  const kind = kindOf(bytes);
  try {
    if (kind === 'jpeg') {
      const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_MEGAPIXELS, maxMemoryUsageInMB: 512 });
      return toRgb(img.data, img.width, img.height);
    }
    if (kind === 'png') {
      const size = pngSize(bytes);
      if (!size) return 'badImage';
      if (size.width * size.height > MAX_MEGAPIXELS * 1e6) return 'imageTooLarge';
      const { PNG } = require('pngjs') as PngModule;
      const img = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      return toRgb(img.data, img.width, img.height);
    }
  } catch (e) {
    return e instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(e.message) ? 'imageTooLarge' : 'badImage';
  }
  return 'badImage';
}
