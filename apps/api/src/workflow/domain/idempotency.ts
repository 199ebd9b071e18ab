import { createHash } from 'node:crypto';
import { AppException } from '../../infrastructure/http/app-exception.js';

/** What a browser or client may send as `Idempotency-Key`: a UUID or any short token of safe characters. */
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The header's key, or null when none was sent; a malformed one is refused (400) rather than ignored. */
export function parseIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined || header.trim() === '') return null;
  const key = header.trim();
  if (!KEY.test(key)) throw AppException.badRequest('validation.idempotencyKeyInvalid');
  return key;
}

/**
 * The instance a keyed start creates: the same user, flow and key always name the same instance, so a start sent
 * again — a double click, a retry after a lost answer, from any instance of the server — meets its own stream at
 * version 0 and appends nothing (the event store's version check is the lock). Shaped as a UUID (version 8,
 * "custom") so it fits the `uuid` columns.
 */
export function keyedInstanceId(userId: string, flow: string, key: string): string {
  const h = createHash('sha256').update(`${userId}\u0000${flow}\u0000${key}`).digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
