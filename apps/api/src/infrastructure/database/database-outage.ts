import { logger } from '../logging/logger.js';
import { Outage } from '../outage.js';

/** Socket-level errors of a connection to the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/**
 * SQLSTATEs that say the server, not the statement, is the problem: class 08 (connection exception; not 08P01, a
 * protocol violation, which is a bug of ours), 57P01–57P03
 * (terminated by an administrator, crash shutdown, cannot connect now — starting up or shutting down), 53300 (too
 * many connections).
 */
const SERVER_STATES = /^(08(?!P01)...|57P0[1-3]|53300)$/;
/** What node-postgres and pg-pool say when a connection ends or cannot be had in time. */
const DRIVER_MESSAGES = /Connection terminated|Connection ended|not queryable|timeout exceeded when trying to connect|Client was closed|the database system is (starting up|shutting down|in recovery mode)/i;

/** Whether an error means the database cannot be reached now (not that a statement was wrong). */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 3) return false;
  const e = err as { code?: unknown; message?: unknown; driverError?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (NETWORK_CODES.has(code) || SERVER_STATES.test(code)) return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.test(e.message)) return true;
  // TypeORM wraps the driver's error; Node's dual-stack connect answers an AggregateError of each attempt.
  if (e.driverError && isDatabaseUnavailable(e.driverError, depth + 1)) return true;
  if (e.cause && isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => isDatabaseUnavailable(x, depth + 1));
}

/** Whether the database is reachable, as this process sees it (one log line each way). */
export const databaseOutage = new Outage('database', 'requests answer 503 until it is back');

/** Logs a background task's error: a lost database is the outage's one line; anything else is logged as itself. */
export function logDatabaseError(err: unknown, message: string, context: Record<string, unknown> = {}): void {
  if (isDatabaseUnavailable(err)) databaseOutage.lost(err);
  else logger.error({ err, ...context }, message);
}
