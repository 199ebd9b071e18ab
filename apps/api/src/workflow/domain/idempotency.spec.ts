import { describe, expect, it } from '@jest/globals';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { checkSameRequest, requestFingerprint } from './idempotency.js';

describe('an Idempotency-Key is bound to its request (docs/adr/0028)', () => {
  it('the same body, whatever the order of its keys, is the same request; another command or body is another', () => {
    const urge = requestFingerprint('event', { type: 'URGE', comment: 'x' });
    expect(requestFingerprint('event', { comment: 'x', type: 'URGE' })).toBe(urge);
    expect(requestFingerprint('event', { type: 'WITHDRAW', comment: 'x' })).not.toBe(urge);
    expect(requestFingerprint('event', { type: 'URGE', comment: 'y' })).not.toBe(urge);
    expect(requestFingerprint('start', { type: 'URGE', comment: 'x' })).not.toBe(urge);
    expect(requestFingerprint('event', { type: 'CC', userIds: ['a', 'b'] })).not.toBe(requestFingerprint('event', { type: 'CC', userIds: ['b', 'a'] }));
  });

  it('a key found with another fingerprint is refused (422); one stored before fingerprints answers as it did', () => {
    const f = requestFingerprint('start', { reason: 'a' });
    expect(() => checkSameRequest(f, f)).not.toThrow();
    expect(() => checkSameRequest(null, f)).not.toThrow();
    let refused: unknown;
    try {
      checkSameRequest(requestFingerprint('start', { reason: 'b' }), f);
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppException);
    expect([(refused as AppException).status, (refused as AppException).messageKey]).toEqual([422, 'validation.idempotencyKeyReused']);
  });
});
