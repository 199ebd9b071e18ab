import { createHash, randomBytes } from 'node:crypto';

/**
 * A device token: 256 random bits the server issues to a signed-out browser, which keeps it and sends it back — a
 * public questionnaire's respondent (docs/adr/0038-questionnaires.md#answering), a consultation visitor
 * (docs/adr/0042-online-consultation.md). The server keeps only its SHA-256, so a token is verified by looking its
 * digest up, and a database read does not give anyone a usable token.
 */
export const newDeviceToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a token; null for anything that is not one (so a malformed header costs no query). */
export function deviceDigest(token: unknown): Buffer | null {
  if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return createHash('sha256').update(token).digest();
}
