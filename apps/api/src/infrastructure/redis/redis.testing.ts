/** For unit tests on the real Redis the suite runs beside (REDIS_URL, else the local one). */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A Redis that is away: nothing listens on port 1, so every connection is refused. */
export const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:1';

/**
 * What must happen is awaited, not slept for: on a loaded machine (CI beside other work) a timer fires late, never
 * early, so "not yet" is checked after a sleep and "has happened" by waiting for it (up to 10 s).
 */
export async function until(happened: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await happened()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}
