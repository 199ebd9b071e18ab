import { Injectable, type OnModuleInit } from '@nestjs/common';
import { KeptReads } from '../cache/kept-reads.js';
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
 * instance — reads the change; a read not kept goes to the database at once, fresh by itself. A read that raced
 * with a change (announced while it was in flight) is answered but not kept (KeptReads). Values are frozen: shared
 * by every caller.
 */
@Injectable()
export class DirectoryCache implements OnModuleInit {
  private readonly kept = new KeptReads<string, unknown>(MAX_AGE_MS, MAX_ENTRIES);
  /** A short name for each read (its statement object: a module's constant, a few in all), so no key is its text. */
  private readonly names = new Map<object, number>();

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
    const id = `${this.nameOf(read)}:${key}`;
    // Only a kept read is checked: every change committed before this call announced and handled first (an
    // announcement the check brings in drops it). A read made now sees those changes by itself.
    if (this.notifications.live && this.kept.get(id) !== undefined) {
      if (!(await this.notifications.sync())) return frozen(await load());
      const hit = this.kept.get(id);
      if (hit !== undefined) return hit as R;
    }
    const now = Date.now();
    const epoch = this.kept.epoch;
    // frozen whether kept or not, so a caller that changes it fails at once, not only on the requests the cache served
    const value = frozen(await load());
    if (this.notifications.live) this.kept.put(id, value, epoch, now);
    return value;
  }

  /** Forgets every read (a change announced, the announcements possibly missed). */
  clear(): void {
    this.kept.drop();
  }

  private nameOf(read: object): number {
    let name = this.names.get(read);
    if (name === undefined) {
      name = this.names.size;
      this.names.set(read, name);
    }
    return name;
  }
}
