import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, diffieHellman, generateKeyPairSync, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import { REQUEST_BODY_AAD, RESPONSE_BODY_AAD, SIGN_AAD, SIGN_KDF_INFO, readSignPayload, type SignPayload } from '@schoolflow/contracts';

/*
 * The server's half of request encryption (docs/adr/0036-request-encryption.md), on node:crypto: the same X25519 +
 * HKDF-SHA256 + AES-GCM the browser does with @noble (apps/web/src/api/request-crypto.ts); a unit test checks that
 * each side opens what the other seals.
 */

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** The instance-wide key pair: raw 32-byte X25519 keys, base64. */
export interface RequestKeyPair {
  publicKey: string;
  privateKey: string;
}

/** The key objects made once from a stored pair. */
export interface RequestKeys {
  publicRaw: Buffer;
  publicBase64: string;
  private: KeyObject;
}

export function generateRequestKeyPair(): RequestKeyPair {
  const { privateKey } = generateKeyPairSync('x25519');
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d || !jwk.x) throw new Error('x25519 key export failed');
  return { publicKey: Buffer.from(jwk.x, 'base64url').toString('base64'), privateKey: Buffer.from(jwk.d, 'base64url').toString('base64') };
}

export function requestKeys(pair: RequestKeyPair): RequestKeys {
  const publicRaw = Buffer.from(pair.publicKey, 'base64');
  const privateRaw = Buffer.from(pair.privateKey, 'base64');
  if (publicRaw.length !== KEY_BYTES || privateRaw.length !== KEY_BYTES) throw new Error('stored request key is not an X25519 key pair');
  const key = createPrivateKey({ key: { kty: 'OKP', crv: 'X25519', d: privateRaw.toString('base64url'), x: publicRaw.toString('base64url') }, format: 'jwk' });
  // The pair must belong together: a mismatch would refuse every sign with no clue why.
  const derived = createPublicKey(key).export({ format: 'jwk' }).x;
  if (derived !== publicRaw.toString('base64url')) throw new Error('stored request key: public and private keys do not match');
  return { publicRaw, publicBase64: pair.publicKey, private: key };
}

function gcmOpen(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new Error('ciphertext too short');
  const algorithm = key.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm';
  const decipher = createDecipheriv(algorithm, key, sealed.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

function gcmSeal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const algorithm = key.length === 16 ? 'aes-128-gcm' : 'aes-256-gcm';
  const cipher = createCipheriv(algorithm, key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A sign header opened with the server's key: its payload, or null for anything that is not a sign sealed to it. */
export function openSign(keys: RequestKeys, sign: string): SignPayload | null {
  if (sign.length > 1024 || !BASE64.test(sign)) return null;
  const bytes = Buffer.from(sign, 'base64');
  if (bytes.length < KEY_BYTES + NONCE_BYTES + TAG_BYTES) return null;
  const ephemeralRaw = bytes.subarray(0, KEY_BYTES);
  try {
    const ephemeral = createPublicKey({ key: { kty: 'OKP', crv: 'X25519', x: ephemeralRaw.toString('base64url') }, format: 'jwk' });
    const shared = diffieHellman({ privateKey: keys.private, publicKey: ephemeral });
    // A low-order point gives an all-zero secret, known to anyone: never a key.
    if (shared.every((b) => b === 0)) return null;
    const key = Buffer.from(hkdfSync('sha256', shared, Buffer.concat([ephemeralRaw, keys.publicRaw]), Buffer.from(SIGN_KDF_INFO, 'utf8'), KEY_BYTES));
    const plain = gcmOpen(key, bytes.subarray(KEY_BYTES), SIGN_AAD);
    return readSignPayload(JSON.parse(plain.toString('utf8')));
  } catch {
    return null;
  }
}

/** A request body's `data` opened under the sign's body key; null when it was not sealed with it. */
export function decryptRequestBody(bodyKey: string, data: string): string | null {
  if (!BASE64.test(data)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(gcmOpen(Buffer.from(bodyKey, 'utf8'), Buffer.from(data, 'base64'), REQUEST_BODY_AAD));
  } catch {
    return null;
  }
}

/** An answer's JSON text sealed under the request's body key. */
export function encryptResponseBody(bodyKey: string, json: string): string {
  return gcmSeal(Buffer.from(bodyKey, 'utf8'), Buffer.from(json, 'utf8'), RESPONSE_BODY_AAD).toString('base64');
}
