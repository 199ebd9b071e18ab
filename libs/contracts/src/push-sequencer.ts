/**
 * Puts a user's pushes in order, each once (docs/adr/0018): seqs count a user's pushes 1, 2, 3, … without gaps, but
 * they may arrive out of order (two instances emit to one user: one locally, the other a hop later through Redis) or
 * not at all (an instance killed between commit and emit). Pure: the client owns the socket and the timer; this
 * decides what to apply, what to hold and when a catch-up is needed. Used by the web client and by the tests' socket.
 */
export class PushSequencer<P> {
  private last: bigint | null;
  private held: { seq: bigint; push: P }[] = [];
  private catchingUp = false;

  /** `apply` receives each push once, in seq order; `position` is the last seq already applied (null: none yet). */
  constructor(
    private readonly apply: (push: P, seq: string) => void,
    position: string | null = null,
  ) {
    this.last = position !== null && /^\d{1,19}$/.test(position) ? BigInt(position) : null;
  }

  /** The last seq applied, or null before the first (the baseline). */
  get position(): string | null {
    return this.last === null ? null : String(this.last);
  }

  /** Whether pushes are held for a missing one (the client should catch up if it does not come soon). */
  get waiting(): boolean {
    return this.held.length > 0;
  }

  /** Sets the position without applying anything (a first connection learns where the user's pushes are). */
  baseline(seq: string): void {
    if (/^\d{1,19}$/.test(seq)) this.last = BigInt(seq);
  }

  /**
   * A live push: applied when it is the next one; held when a number before it is missing or a catch-up is running;
   * dropped when applied already. Answers true when it was held for a gap (start the gap timer).
   */
  live(seq: string, push: P): boolean {
    if (!/^\d{1,19}$/.test(seq)) return false;
    const n = BigInt(seq);
    if (this.last !== null && n <= this.last) return false;
    if (this.catchingUp || (this.last !== null && n > this.last + 1n)) {
      this.held.push({ seq: n, push });
      return !this.catchingUp;
    }
    this.take(n, push);
    this.release();
    return false;
  }

  beginCatchUp(): void {
    this.catchingUp = true;
  }

  /** A push the catch-up answered: the database's word is final, so it is applied if newer, gap or not. */
  stored(seq: string, push: P): void {
    if (!/^\d{1,19}$/.test(seq)) return;
    const n = BigInt(seq);
    if (this.last === null || n > this.last) this.take(n, push);
  }

  /** Ends a catch-up: held pushes that now follow are applied. Answers true when a gap remains (wait, then again). */
  endCatchUp(): boolean {
    this.catchingUp = false;
    this.release();
    return this.waiting;
  }

  /** Forgets what is held (the socket is gone; a new one catches up). */
  clear(): void {
    this.held = [];
    this.catchingUp = false;
  }

  private take(n: bigint, push: P): void {
    this.last = n;
    this.apply(push, String(n));
  }

  private release(): void {
    this.held.sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
    while (this.held.length > 0) {
      const first = this.held[0] as { seq: bigint; push: P };
      if (this.last !== null && first.seq <= this.last) {
        this.held.shift(); // arrived twice (live and caught up)
        continue;
      }
      if (this.last !== null && first.seq > this.last + 1n) break;
      this.held.shift();
      this.take(first.seq, first.push);
    }
  }
}
