/**
 * Work the app does after it began to serve (the demo school's grades, seeded through the running workflow engine):
 * started in the background so that a fresh start answers health at once, and named here so that `/health` can say
 * it is still running (a test or a script that needs the finished demo waits for `startup: 'done'`).
 */
const running = new Set<string>();
const works = new Map<string, Promise<unknown>>();

export const startupWork = {
  /** Marks `name` running until `work` settles (whatever its outcome: the work logs its own failure). */
  track<T>(name: string, work: Promise<T>): Promise<T> {
    running.add(name);
    const tracked = work.finally(() => running.delete(name));
    works.set(name, tracked);
    return tracked;
  },
  /**
   * Runs `work` once every other startup work begun so far has settled: two seeds through the engine at once share
   * the pool, and on a small one (DATABASE_POOL_MAX=5, three demo servers on one PostgreSQL) both timed out waiting
   * for a connection. Waits a turn first, so that work begun by the other bootstrap hooks of the same start counts.
   */
  after<T>(name: string, work: () => Promise<T>): Promise<T> {
    const others = new Promise<void>((r) => setImmediate(r)).then(() => Promise.allSettled([...works.entries()].filter(([n]) => n !== name).map(([, w]) => w)));
    return startupWork.track(name, others.then(work));
  },
  /** What is still running. */
  running(): string[] {
    return [...running];
  },
};
