/**
 * A questionnaire's device token (docs/adr/0038-questionnaires.md#answering): issued with a public paper and sent back
 * as X-Survey-Device with the answer; its digest is kept in survey_device, bound to the questionnaire, so a token that
 * was not issued for this questionnaire is refused. Issuing and digesting are the shared device tokens'.
 */
export { deviceDigest, newDeviceToken } from '../../../infrastructure/auth/device-token.js';

/** The respondent key of a device in survey_participation: its digest, never the token. */
export const deviceKey = (digest: Buffer): string => `d:${digest.toString('base64url')}`;

/** The respondent key of a signed-in user: their account decides "once", whatever device they use. */
export const userKey = (userId: string): string => `u:${userId}`;
