/**
 * Work the app does after it began to serve (the demo school's grades, seeded through the running workflow engine):
 * started in the background so that a fresh start answers health at once, and named here so that `/health` can say
 * it is still running (a test or a script that needs the finished demo waits for `startup: 'done'`).
 */
const running = new Set<string>();

export const startupWork = {
  /** Marks `name` running until `work` settles (whatever its outcome: the work logs its own failure). */
  track<T>(name: string, work: Promise<T>): Promise<T> {
    running.add(name);
    return work.finally(() => running.delete(name));
  },
  /** What is still running. */
  running(): string[] {
    return [...running];
  },
};
