import { describe, expect, it } from '@jest/globals';
import { BODY_KEY_ALPHABET, publicKeyToWire } from '@schoolflow/contracts';
import { decryptResponseBody, encryptRequestBody, makeSign, newBodyKey, serverKeyFromWire, toBase64, fromBase64 } from '../../../../web/src/api/request-crypto.js';
import { decryptRequestBody, encryptResponseBody, generateRequestKeyPair, openSign, requestKeys } from './request-crypto.js';

// The browser seals with @noble, the server opens with node:crypto (and back): both must speak the same bytes.
describe('request encryption: browser and server agree', () => {
  const pair = generateRequestKeyPair();
  const keys = requestKeys(pair);
  const browserKey = serverKeyFromWire(publicKeyToWire(pair.publicKey, 'Q'));

  it('a sign made in the browser opens on the server with its payload', () => {
    const payload = { k: newBodyKey(), t: Date.now(), u: '0b0c7f5e-8a7d-4c1b-9d8e-2f3a4b5c6d7e' };
    expect(openSign(keys, makeSign(browserKey, payload))).toEqual(payload);
  });

  it('two signs of the same payload differ (a fresh ephemeral key and nonce each time)', () => {
    const payload = { k: newBodyKey(), t: Date.now(), u: '' };
    expect(makeSign(browserKey, payload)).not.toBe(makeSign(browserKey, payload));
  });

  it('a sign sealed to another server key, altered, truncated or not base64 is refused', () => {
    const other = serverKeyFromWire(publicKeyToWire(generateRequestKeyPair().publicKey, 'x'));
    const payload = { k: newBodyKey(), t: Date.now(), u: 'u1' };
    expect(openSign(keys, makeSign(other, payload))).toBeNull();
    const good = fromBase64(makeSign(browserKey, payload));
    for (const at of [0, 33, 50, good.length - 1]) {
      const bad = good.slice();
      bad[at] = (bad[at] ?? 0) ^ 1;
      expect(openSign(keys, toBase64(bad))).toBeNull();
    }
    expect(openSign(keys, toBase64(good.subarray(0, 59)))).toBeNull();
    expect(openSign(keys, 'not base64!')).toBeNull();
    expect(openSign(keys, '')).toBeNull();
  });

  it('a sign whose payload breaks the rules is refused even when sealed correctly', () => {
    expect(openSign(keys, makeSign(browserKey, { k: 'short', t: Date.now(), u: '' }))).toBeNull();
    expect(openSign(keys, makeSign(browserKey, { k: newBodyKey(), t: -5, u: '' }))).toBeNull();
  });

  it('a low-order ephemeral key (an all-zero shared secret) is refused', () => {
    const zero = new Uint8Array(32 + 12 + 16 + 20);
    expect(openSign(keys, toBase64(zero))).toBeNull();
  });

  it('bodies: the browser seals, the server opens; the server answers, the browser opens; directions do not mix', () => {
    const k = newBodyKey();
    const json = JSON.stringify({ reason: '家中有事', hours: 9.5 });
    const sealed = encryptRequestBody(k, json);
    expect(decryptRequestBody(k, sealed)).toBe(json);
    expect(decryptRequestBody(newBodyKey(), sealed)).toBeNull();
    const answer = encryptResponseBody(k, json);
    expect(decryptResponseBody(k, answer)).toBe(json);
    // an answer cannot be passed off as a request (and back): the associated data names the direction
    expect(decryptRequestBody(k, answer)).toBeNull();
    expect(() => decryptResponseBody(k, sealed)).toThrow();
    expect(sealed).not.toContain('家中有事');
  });

  it('body keys are 16 characters of the alphabet, not repeated', () => {
    const keysSeen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const k = newBodyKey();
      expect(k).toHaveLength(16);
      expect([...k].every((c) => BODY_KEY_ALPHABET.includes(c))).toBe(true);
      keysSeen.add(k);
    }
    expect(keysSeen.size).toBe(200);
  });

  it('a stored pair whose halves do not match stops the start', () => {
    expect(() => requestKeys({ publicKey: generateRequestKeyPair().publicKey, privateKey: pair.privateKey })).toThrow(/do not match/);
  });
});
