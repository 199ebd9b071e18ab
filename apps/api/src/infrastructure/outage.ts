import { logger } from './logging/logger.js';

/**
 * Whether a dependency (the database, Redis) is reachable, as the process sees it: one log line when an outage starts
 * and one when it ends, whichever connection notices — not one per request or retry (a restart under load is hundreds
 * of errors; clients without an error listener once printed 66 stack traces in 30 s). Any sign of life ends it: a new
 * connection, a command that succeeded. Handlers can act on the return (re-create job schedulers, tell sockets to
 * catch up).
 */
export class Outage {
  private since: number | null = null;
  private readonly restoreHandlers = new Set<() => void>();

  constructor(
    private readonly what: string,
    private readonly whileDown: string,
  ) {}

  lost(err: unknown): void {
    if (this.since !== null) return;
    this.since = Date.now();
    const e = err as { code?: unknown; message?: unknown };
    logger.warn({ code: e?.code, reason: String(e?.message ?? err).slice(0, 200) }, `${this.what} unavailable: ${this.whileDown}`);
  }

  restored(): void {
    if (this.since === null) return;
    logger.info({ seconds: Math.round((Date.now() - this.since) / 100) / 10 }, `${this.what} available again`);
    this.since = null;
    for (const h of this.restoreHandlers) {
      try {
        h();
      } catch (err) {
        logger.error({ err }, `a handler of ${this.what}'s return failed`);
      }
    }
  }

  get down(): boolean {
    return this.since !== null;
  }

  onRestore(handler: () => void): () => void {
    this.restoreHandlers.add(handler);
    return () => this.restoreHandlers.delete(handler);
  }
}
