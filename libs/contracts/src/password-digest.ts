/**
 * The legacy digest of docs/product/shell-and-sign-in.md#password-change: SHA-256 hex of prefix + user id + password. The browser sends
 * digests instead of the old password; the server stores argon2id(digest), so sign-in (which receives the plain
 * password over TLS) and the password change verify against one stored value.
 * Works in the browser (WebCrypto) and in Node ≥ 20 (globalThis.crypto).
 */
export async function legacyPasswordDigest(prefix: string, userId: string, password: string): Promise<string> {
  const bytes = new TextEncoder().encode(prefix + userId + password);
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** base64 of the UTF-8 bytes (the wire form of `newPassword`). */
export function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

export function base64ToUtf8(b64: string): string | null {
  try {
    const bin = atob(b64);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null; // malformed base64 or not UTF-8: the caller answers with a validation message
  }
}
