import { EVENTS_CHANNEL } from './subscription.js';
import type { Queryable } from './types.js';

/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Announces committed appends on `schoolflow_events` for their writer, batched (docs/adr/0011).
 *
 * A NOTIFY per commit signals and wakes every listening backend; under load that cost PostgreSQL more than the
 * append itself. The writer instead tells its own process at once (`local`: the subscription is poked, caches see
 * the new version) and the other instances with one NOTIFY per `delayMs` (20 ms) carrying every append of that interval.
 * Only committed appends are announced (the caller calls after the append returned). An announcement lost to a crash
 * costs what notifications are only an optimisation for: another instance's cache answers one 409 and is dropped,
 * and its subscription finds the events at its next poll.
 */
export class AppendAnnouncer {
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly local: (payload: string) => void,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly delayMs = 20,
  ) {}

  appended(streamId: string, version: number): void {
    const item = `${streamId}:${version}`;
    try {
      this.local(item);
    } catch (err) {
      this.onError(err);
    }
    this.pending.push(item);
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** Sends what is pending now (also on shutdown); resolves when every announcement so far has been sent. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const payloads = pack(this.pending.splice(0));
    // Sent in order, one after another: a later batch never overtakes an earlier one.
    this.sending = this.sending.then(async () => {
      for (const payload of payloads) {
        try {
          // A notification is only a wake-up: its transaction need not wait for the WAL to reach the disk.
          await this.db.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, [EVENTS_CHANNEL, payload]);
        } catch (err) {
          this.onError(err);
        }
      }
    });
    return this.sending;
  }
}

/** `stream:version` items joined by commas into payloads under the NOTIFY limit. */
export function pack(items: readonly string[]): string[] {
  const out: string[] = [];
  let current = '';
  for (const item of items) {
    if (current && Buffer.byteLength(current) + 1 + Buffer.byteLength(item) > MAX_PAYLOAD_BYTES) {
      out.push(current);
      current = '';
    }
    current = current ? `${current},${item}` : item;
  }
  if (current) out.push(current);
  return out;
}
