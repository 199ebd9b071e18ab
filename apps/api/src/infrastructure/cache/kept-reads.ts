/**
 * Database reads an instance keeps until a change is announced (docs/adr/0010-instance-caches.md): the sessions with
 * their grants, a start's directory reads (docs/adr/0088-directory-reads-cached.md). Each is kept at most `maxAgeMs`
 * even without an announcement (defence in depth) and at most `maxEntries` in all (past it every one is dropped). A read
 * that raced with a drop — one announced while it was in flight, which moves the epoch — is answered but not kept.
 */
export class KeptReads<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private epochNow = 0;

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The epoch a read starts at: hand it back to `put`. */
  get epoch(): number {
    return this.epochNow;
  }

  get(key: K, now = Date.now()): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.at > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Keeps what a read that began at `epochAtRead`, at `readAt`, answered — unless something was dropped meanwhile. */
  put(key: K, value: V, epochAtRead: number, readAt = Date.now()): void {
    if (epochAtRead !== this.epochNow) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, at: readAt });
  }

  /** Drops the reads `which` selects, or every one; a read in flight then is not kept. */
  drop(which?: (key: K, value: V) => boolean): void {
    this.epochNow += 1;
    if (!which) return this.entries.clear();
    for (const [key, { value }] of this.entries) if (which(key, value)) this.entries.delete(key);
  }
}
