import { pino } from 'pino';

/**
 * Structured logs. Request bodies, passwords, tokens and digests are never passed to the logger;
 * `redact` is a second line of defence for fields that might slip in through an error object.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  redact: {
    paths: ['password', 'newPassword', 'oldPassword', 'sign', 'token', '*.password', '*.token', 'secret', '*.secret', 'appSecret', '*.appSecret', 'pass', '*.pass', 'auth.pass', 'req.headers.authorization', 'headers["x-access-token"]'],
    censor: '[redacted]',
  },
});
