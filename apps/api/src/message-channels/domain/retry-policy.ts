/**
 * What follows a delivery's try (docs/adr/0041-message-channels.md#retries): sent; or tried again after a wait that
 * doubles with each failure (base, 2·base, 4·base, …, at most an hour); or, its tries spent, failed — until someone
 * retries it from monitoring.
 */
export type TryOutcome = { state: 'sent' } | { state: 'pending'; waitMs: number } | { state: 'failed' };

const MAX_WAIT_MS = 3_600_000;

export function afterTry(ok: boolean, attempt: number, maxAttempts: number, baseMs: number): TryOutcome {
  if (ok) return { state: 'sent' };
  if (attempt >= maxAttempts) return { state: 'failed' };
  return { state: 'pending', waitMs: Math.min(MAX_WAIT_MS, baseMs * 2 ** Math.max(0, attempt - 1)) };
}

/** A sender's error as kept in an attempt: one line, short, and never a secret (the senders' errors name none). */
export function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s+/g, ' ').trim().slice(0, 300) || 'error';
}
