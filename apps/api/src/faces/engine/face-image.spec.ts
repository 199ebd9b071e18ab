import { describe, expect, it } from '@jest/globals';
import jpeg from 'jpeg-js';
import { decodeCapture, MAX_SIDE, toRgb } from './face-image.js';

const rgba = (w: number, h: number, at: (x: number, y: number) => [number, number, number]) => {
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([...at(x, y), 255], (y * w + x) * 4);
  return data;
};

describe('a capture\'s pixels', () => {
  it('drops the alpha channel and keeps a small image as it is', () => {
    const img = toRgb(rgba(2, 1, (x) => (x === 0 ? [10, 20, 30] : [40, 50, 60])), 2, 1);
    expect(img).toEqual({ width: 2, height: 1, data: new Uint8Array([10, 20, 30, 40, 50, 60]) });
  });

  it('scales the longer side down to MAX_SIDE, averaging the pixels it joins', () => {
    const img = toRgb(rgba(MAX_SIDE * 2, 4, (x) => (x % 2 === 0 ? [0, 0, 0] : [200, 100, 50])), MAX_SIDE * 2, 4);
    expect([img.width, img.height]).toEqual([MAX_SIDE, 2]);
    expect([...img.data.slice(0, 3)]).toEqual([100, 50, 25]);
  });

  it('decodes a JPEG, and refuses what is no JPEG or PNG', () => {
    const bytes = jpeg.encode({ width: 8, height: 6, data: Buffer.from(rgba(8, 6, () => [120, 120, 120])) }, 90).data;
    const img = decodeCapture(new Uint8Array(bytes));
    expect(typeof img === 'string' ? img : [img.width, img.height]).toEqual([8, 6]);
    expect(decodeCapture(new TextEncoder().encode('not an image at all'))).toBe('badImage');
    // a JPEG's signature with nothing after it
    expect(decodeCapture(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('badImage');
  });

  it('refuses a PNG that says it is larger than the limit before decoding it', () => {
    const header = new Uint8Array(33);
    header.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(header.buffer);
    view.setUint32(16, 20000);
    view.setUint32(20, 20000);
    expect(decodeCapture(header)).toBe('imageTooLarge');
  });
});
