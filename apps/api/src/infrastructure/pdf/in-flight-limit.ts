/**
 * At most `max` of something in flight per key (a user's PDF renders): `tryAcquire` answers how to give the place
 * back, or null when the key has all its places taken. Per instance, in memory: a place is held only while its work
 * runs here.
 */
export class InFlightLimit {
  private readonly held = new Map<string, number>();

  constructor(readonly max: number) {}

  tryAcquire(key: string): (() => void) | null {
    const n = this.held.get(key) ?? 0;
    if (n >= this.max) return null;
    this.held.set(key, n + 1);
    let released = false;
    return () => {
      // given back once, however often called (a finally after an error path that already released)
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left > 0) this.held.set(key, left);
      else this.held.delete(key);
    };
  }

  inFlight(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** Keys holding a place (the map never keeps a key at zero). */
  get keys(): number {
    return this.held.size;
  }
}
