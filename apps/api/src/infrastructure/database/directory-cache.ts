import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DatabaseNotifications } from './database-notifications.js';

/** Every change of a directory table is announced here (migrations/1732000067000). */
export const DIRECTORY_CHANNEL = 'schoolflow_directory';

/** A read is made again after this long even without a change announced (defence in depth; a day's holidays move at midnight). */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 20_000;

/** Makes a cached value read-only all the way down: every caller shares it, none may change it for the others. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) frozen(v);
  }
  return value;
}

/**
 * Reads of the school's directory (docs/adr/0088-directory-reads-cached.md) — what a submission reads about its
 * applicant: their students, classes, head teachers, guardians, the role holders who review, the settings of the
 * route — kept per read and per user. Every start read it anew though it changes a few times a day; a start then
 * cost a round trip of its own before its append.
 *
 * A cached read is dropped when any instance's change of a directory table is announced (a statement-level trigger,
 * delivered at commit), when the LISTEN connection is lost or back (a change may have been missed), and after
 * MAX_AGE_MS in any case; nothing is cached or answered from the cache while the connection is not live. Before a kept
 * read is answered, every change committed before it was asked is announced here first (PgListener.sync: one round
 * trip on the LISTEN connection, shared by the reads of the moment), so the next start after a change — on any
 * instance — reads the change; a read not kept goes to the database at once, fresh by itself. A read that raced with a change (announced while it was in flight) is answered
 * but not kept. Values are frozen: shared by every caller.
 */
@Injectable()
export class DirectoryCache implements OnModuleInit {
  private readonly reads = new Map<object, Map<string, { value: unknown; at: number }>>();
  private size = 0;
  private epoch = 0;

  constructor(private readonly notifications: DatabaseNotifications) {}

  async onModuleInit(): Promise<void> {
    await this.notifications.on(DIRECTORY_CHANNEL, () => this.clear());
    this.notifications.onReset(() => this.clear());
  }

  /**
   * `load`'s answer for `key` under `read` (an object naming the read: its statement, say), from the cache when a
   * live one is held. `load` must read only the tables whose changes are announced (migrations/1732000067000).
   */
  async read<R>(read: object, key: string, load: () => Promise<R>): Promise<R> {
    // Only a kept read is checked: every change committed before this call announced and handled first (an
    // announcement the check brings in drops it). A read made now sees those changes by itself.
    if (this.notifications.live && this.held(read, key)) {
      if (!(await this.notifications.sync())) return frozen(await load());
      const hit = this.held(read, key);
      if (hit) return hit.value as R;
    }
    const now = Date.now();
    const epoch = this.epoch;
    // frozen whether kept or not, so a caller that changes it fails at once, not only on the requests the cache served
    const value = frozen(await load());
    if (epoch !== this.epoch || !this.notifications.live) return value;
    if (this.size >= MAX_ENTRIES) this.clear();
    let byKey = this.reads.get(read);
    if (!byKey) this.reads.set(read, (byKey = new Map()));
    if (!byKey.has(key)) this.size += 1;
    byKey.set(key, { value, at: now });
    return value;
  }

  private held(read: object, key: string): { value: unknown; at: number } | undefined {
    const hit = this.reads.get(read)?.get(key);
    return hit && Date.now() - hit.at <= MAX_AGE_MS ? hit : undefined;
  }

  /** Forgets every read (a change announced, the announcements possibly missed). */
  clear(): void {
    this.epoch += 1;
    this.reads.clear();
    this.size = 0;
  }
}
