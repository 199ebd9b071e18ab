import { createHash, randomBytes } from 'node:crypto';

/**
 * A device token (docs/adr/0038-questionnaires.md#answering): 256 random bits issued with a public paper, kept by the
 * browser and sent back as X-Survey-Device with the answer. The server keeps only its SHA-256 (survey_device), bound
 * to the questionnaire, so a token is verified by looking its digest up: one that was not issued for this
 * questionnaire is refused, and a database read does not give anyone a usable token.
 */
export const newDeviceToken = (): string => randomBytes(32).toString('base64url');

/** The stored form of a token; null for anything that is not one (so a malformed header costs no query). */
export function deviceDigest(token: string | undefined): Buffer | null {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return createHash('sha256').update(token).digest();
}

/** The respondent key of a device in survey_participation: its digest, never the token. */
export const deviceKey = (digest: Buffer): string => `d:${digest.toString('base64url')}`;

/** The respondent key of a signed-in user: their account decides "once", whatever device they use. */
export const userKey = (userId: string): string => `u:${userId}`;
