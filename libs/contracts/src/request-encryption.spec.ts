import { describe, expect, it } from '@jest/globals';
import { isEncryptedBody, isPlainPath, publicKeyFromWire, publicKeyToWire, readSignPayload, replayMemoryMs, signTimeFresh } from './request-encryption.js';

describe('request encryption rules', () => {
  it('the public key travels with one filler character at index 10, which the reader removes', () => {
    const key = 'MCowBQYDK2VuAyEAq1w2e3r4t5y6u7i8o9p0a1s2d3f4=';
    const wire = publicKeyToWire(key, '#');
    expect(wire).toHaveLength(key.length + 1);
    expect(wire[10]).toBe('#');
    expect(publicKeyFromWire(wire)).toBe(key);
    expect(() => publicKeyToWire(key, 'ab')).toThrow();
  });

  it('plain paths: the spec’s exempt folders, the key, health, docs and the socket; everything else is signed', () => {
    for (const p of ['/anon/app-config', '/anon/api/auth/check', '/api/wjdc/wjdt/list', '/file/upload', '/file/download/1', '/api/security/get', '/health', '/health/live', '/docs', '/docs-json', '/socket.io/']) {
      expect([p, isPlainPath(p)]).toEqual([p, true]);
    }
    for (const p of ['/api/login/v3', '/ms/getPermission', '/logout', '/api/wjdc/list', '/files/x', '/anonymous', '/api/security/getx', '/healthz', '/api/workflows/leave']) {
      expect([p, isPlainPath(p)]).toEqual([p, false]);
    }
  });

  it('a sign payload is exactly {k: 16 alphabet characters, t: a positive whole number, u: text}', () => {
    const ok = { k: 'abcdEFGH12345678', t: 1_700_000_000_000, u: '' };
    expect(readSignPayload(ok)).toEqual(ok);
    expect(readSignPayload({ ...ok, k: 'abcdEFGH1234567' })).toBeNull();
    expect(readSignPayload({ ...ok, k: 'abcdEFGH1234567!' })).toBeNull();
    expect(readSignPayload({ ...ok, t: '1700000000000' })).toBeNull();
    expect(readSignPayload({ ...ok, t: 1.5 })).toBeNull();
    expect(readSignPayload({ ...ok, u: 7 })).toBeNull();
    expect(readSignPayload({ ...ok, extra: 1 })).toBeNull();
    expect(readSignPayload([ok])).toBeNull();
    expect(readSignPayload(null)).toBeNull();
  });

  it('the replay window: a 10-minute-old sign is stale under the default 5 minutes, a key is remembered until its time leaves it', () => {
    const now = 1_700_000_000_000;
    const w = 5 * 60_000;
    expect(signTimeFresh(now, now, w)).toBe(true);
    expect(signTimeFresh(now - w, now, w)).toBe(true);
    expect(signTimeFresh(now - 10 * 60_000, now, w)).toBe(false);
    expect(signTimeFresh(now + w + 1, now, w)).toBe(false);
    expect(replayMemoryMs(now, now, w)).toBe(w);
    expect(replayMemoryMs(now + 60_000, now, w)).toBe(w + 60_000);
    expect(replayMemoryMs(now - w, now, w)).toBe(1);
  });

  it('an encrypted body is exactly {data: text}', () => {
    expect(isEncryptedBody({ data: 'abc' })).toBe(true);
    expect(isEncryptedBody({ data: 'abc', x: 1 })).toBe(false);
    expect(isEncryptedBody({ data: 1 })).toBe(false);
    expect(isEncryptedBody({ username: 'a' })).toBe(false);
    expect(isEncryptedBody(null)).toBe(false);
  });
});
