import { describe, expect, it } from '@jest/globals';
import { pack } from './announcer.js';

describe('pack (announcement payloads under the NOTIFY limit)', () => {
  it('joins items in order and splits before a payload would pass 7,900 bytes, never splitting an item', () => {
    const items = Array.from({ length: 400 }, (_, i) => `leave-${'x'.repeat(30)}-${i}:${(i % 3) + 1}`);
    const payloads = pack(items);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7900);
    expect(payloads.join(',').split(',')).toEqual(items);
  });

  it('counts bytes, not characters (stream ids may hold any text)', () => {
    const items = Array.from({ length: 300 }, (_, i) => `请假-${'长'.repeat(10)}-${i}:1`);
    for (const p of pack(items)) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7900);
    expect(pack(items).join(',').split(',')).toEqual(items);
  });

  it('nothing to announce is no payload', () => {
    expect(pack([])).toEqual([]);
  });
});
