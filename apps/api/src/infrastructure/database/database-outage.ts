import { logger } from '../logging/logger.js';

/** Socket-level errors of a connection to the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/**
 * SQLSTATEs that say the server, not the statement, is the problem: class 08 (connection exception), 57P01–57P03
 * (terminated by an administrator, crash shutdown, cannot connect now — starting up or shutting down), 53300 (too
 * many connections).
 */
const SERVER_STATES = /^(08...|57P0[1-3]|53300)$/;
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

/**
 * The process's view of whether the database is reachable, so an outage is one line in the log when it starts and
 * one when it ends — not one per request or connection (a restart under load is hundreds of errors).
 */
class DatabaseOutage {
  private since: number | null = null;

  /** A connection was lost or refused. */
  lost(err: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    const e = err as { code?: unknown; message?: unknown };
    logger.warn({ code: e?.code, reason: String(e?.message ?? err).slice(0, 200) }, 'database unavailable: requests answer 503 until it is back');
  }

  /** A connection works again (the LISTEN connection is back, or a statement went through). */
  restored(): void {
    if (this.since === null) return;
    logger.info({ seconds: Math.round((Date.now() - this.since) / 100) / 10 }, 'database available again');
    this.since = null;
  }

  get down(): boolean {
    return this.since !== null;
  }
}

export const databaseOutage = new DatabaseOutage();

/** Logs a background task's error: a lost database is the outage's one line; anything else is logged as itself. */
export function logDatabaseError(err: unknown, message: string, context: Record<string, unknown> = {}): void {
  if (isDatabaseUnavailable(err)) databaseOutage.lost(err);
  else logger.error({ err, ...context }, message);
}
