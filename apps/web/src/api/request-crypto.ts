import { gcm } from '@noble/ciphers/aes.js';
import { x25519 } from '@noble/curves/ed25519.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import {
  BODY_KEY_ALPHABET,
  BODY_KEY_LENGTH,
  publicKeyFromWire,
  REQUEST_BODY_AAD,
  RESPONSE_BODY_AAD,
  SIGN_AAD,
  SIGN_KDF_INFO,
  type SignPayload,
} from '@schoolflow/contracts';

/*
 * The browser's half of request encryption (docs/adr/0036-request-encryption.md): X25519 ECIES for the sign, AES-GCM
 * for bodies. Pure JavaScript (@noble, audited) rather than WebCrypto: crypto.subtle exists only in secure contexts,
 * and a school on plain http at a LAN address is not one; crypto.getRandomValues, which @noble draws on, exists in
 * every context. Loaded as a chunk of its own, only when REQUEST_ENCRYPT is on (api/encryption.ts).
 */

const NONCE_BYTES = 12;
const text = new TextEncoder();
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

export function fromBase64(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The server's X25519 public key from `security/get`'s answer (filler removed); throws on anything else. */
export function serverKeyFromWire(wire: string): Uint8Array {
  const key = fromBase64(publicKeyFromWire(wire));
  if (key.length !== 32) throw new Error('not an X25519 public key');
  return key;
}

/** A fresh body key: BODY_KEY_LENGTH characters drawn uniformly (rejection sampling) from BODY_KEY_ALPHABET. */
export function newBodyKey(): string {
  const n = BODY_KEY_ALPHABET.length;
  const limit = 256 - (256 % n);
  let key = '';
  while (key.length < BODY_KEY_LENGTH) {
    for (const b of randomBytes(32)) {
      if (b < limit && key.length < BODY_KEY_LENGTH) key += BODY_KEY_ALPHABET[b % n];
    }
  }
  return key;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The sign header: base64(ephemeral public key ‖ nonce ‖ AES-256-GCM(json(payload)) ‖ tag), keyed by X25519 + HKDF. */
export function makeSign(serverKey: Uint8Array, payload: SignPayload): string {
  const ephemeral = x25519.utils.randomSecretKey();
  const ephemeralPublic = x25519.getPublicKey(ephemeral);
  const shared = x25519.getSharedSecret(ephemeral, serverKey);
  const key = hkdf(sha256, shared, concat(ephemeralPublic, serverKey), text.encode(SIGN_KDF_INFO), 32);
  const nonce = randomBytes(NONCE_BYTES);
  const sealed = gcm(key, nonce, text.encode(SIGN_AAD)).encrypt(text.encode(JSON.stringify(payload)));
  return toBase64(concat(ephemeralPublic, nonce, sealed));
}

function seal(bodyKey: string, plain: string, aad: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  return toBase64(concat(nonce, gcm(text.encode(bodyKey), nonce, text.encode(aad)).encrypt(text.encode(plain))));
}

function open(bodyKey: string, data: string, aad: string): string {
  const bytes = fromBase64(data);
  if (bytes.length < NONCE_BYTES + 16) throw new Error('ciphertext too short');
  return utf8.decode(gcm(text.encode(bodyKey), bytes.subarray(0, NONCE_BYTES), text.encode(aad)).decrypt(bytes.subarray(NONCE_BYTES)));
}

/** A request body's JSON text sealed under the body key (AES-128-GCM: the key's 16 characters are its 16 bytes). */
export function encryptRequestBody(bodyKey: string, json: string): string {
  return seal(bodyKey, json, REQUEST_BODY_AAD);
}

/** An answer's `data` opened under the request's body key; throws when it was not sealed with it. */
export function decryptResponseBody(bodyKey: string, data: string): string {
  return open(bodyKey, data, RESPONSE_BODY_AAD);
}
