import type { SignRefusal } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The request-encryption refusals, each stated once (docs/adr/0036-request-encryption.md). All answer 400 in plain
 * (the caller may hold no key the server could answer under) with `data.sign` naming the reason, so the browser can
 * tell "encryption was switched on since this page loaded" (`missing`) from the rest.
 */
const refusal = (reason: SignRefusal, key: string) => () => AppException.badRequest(key).withData({ sign: reason });

export const SecurityErrors = {
  /** A call outside the plain paths without a sign header while encryption is on. */
  signMissing: refusal('missing', 'signMissing'),
  /** A sign not sealed to this server's key, altered, or whose payload breaks the rules. */
  signInvalid: refusal('invalid', 'signInvalid'),
  /** A sign whose time is outside the replay window (REQUEST_SIGN_WINDOW_SECONDS). */
  signStale: refusal('stale', 'signStale'),
  /** A body key seen before within the window: a replayed request. */
  signReplayed: refusal('replayed', 'signReplayed'),
  /** The sign names a user other than the session's. */
  signUser: refusal('user', 'signUserMismatch'),
  /** A signed request whose body is not `{data}` sealed under the sign's key (a plain body, a form, garbage). */
  signBody: refusal('body', 'signBodyInvalid'),
};
