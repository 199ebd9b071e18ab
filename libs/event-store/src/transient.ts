/** Socket-level errors of a connection to the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/**
 * SQLSTATEs that say "not now" rather than "never": class 08 (connection exception, but not 08P01, a protocol
 * violation), 57P01–57P03 (terminated by an administrator, crash shutdown, cannot connect now), class 53
 * (insufficient resources: too many connections, disk full, out of memory), 40001 (serialization failure), 40P01
 * (deadlock), 55P03 (lock not available).
 */
const TRANSIENT_STATES = /^(08(?!P01)...|57P0[1-3]|53...|40001|40P01|55P03)$/;
/** What node-postgres and pg-pool say when a connection ends or cannot be had in time. */
const DRIVER_MESSAGES = /Connection terminated|Connection ended|not queryable|timeout exceeded when trying to connect|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * Whether an error will likely go away by itself (the database is away or busy), as opposed to one the same work
 * meets again on every try (a constraint, a bad value, a bug). A subscription retries the first kind for ever and
 * parks an event that keeps failing with the second (docs/adr/0027).
 */
export function isTransient(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || TRANSIENT_STATES.test(code)) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  // a wrapped driver error; Node's dual-stack connect answers an AggregateError of each attempt
  if (e.driverError && isTransient(e.driverError, depth + 1)) return true;
  if (e.cause && isTransient(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => isTransient(x, depth + 1));
}

/** At most this much of an error's message is kept. */
const MAX_MESSAGE = 500;

/**
 * An error as it may be recorded and shown to an administrator: its SQLSTATE (or its name), and its message cut to
 * 500 characters with any credentials of a URL taken out. A PostgreSQL error's message names the constraint, not the
 * row's values (those are in its `detail`, which is not kept).
 */
export function describeError(err: unknown): { code: string; message: string } {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e.code === 'string' && e.code !== '' ? e.code : typeof e.name === 'string' && e.name !== '' ? e.name : 'Error';
  const raw = typeof e.message === 'string' ? e.message : String(err);
  const message = raw.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@').replace(/(password\s*[=:]\s*)\S+/gi, '$1***');
  return { code: code.slice(0, 40), message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message };
}
