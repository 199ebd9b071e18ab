/**
 * A sweep every instance runs on its own clock (docs/adr/0032#periodic-sweeps): idempotent work that any instance may
 * do at the same moment as another — deleting expired rows a batch at a time, firing due timers whose append checks
 * a version, taking conversations back from absent agents with one UPDATE. Work that must run once for the whole
 * cluster, or outlive the process, is a job on JobQueue instead (its `tick`, its delayed jobs).
 *
 * What every such sweep needs and each used to write again: runs never overlap (a tick while one is running is
 * skipped), a failure is reported and the next tick tries again, the timer does not keep the process alive, and a
 * shutdown waits for the run in progress so that nothing queries a pool being closed.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  /**
   * @param run one sweep; it may loop over batches itself
   * @param failed told of a run that threw (the run is tried again at the next tick)
   */
  constructor(
    private readonly run: () => Promise<void>,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** Sweeps every `everyMs` from now on (the first run after `everyMs`, or at once with `now`). */
  start(everyMs: number, options: { now?: boolean } = {}): void {
    if (this.timer) clearInterval(this.timer);
    this.stopped = false;
    this.timer = setInterval(() => void this.sweep(), everyMs);
    this.timer.unref();
    if (options.now) void this.sweep();
  }

  /** Runs a sweep now, unless one is running (then that one is answered) or the sweep was stopped. Never rejects. */
  sweep(): Promise<void> {
    if (this.running) return this.running;
    if (this.stopped) return Promise.resolve();
    this.running = (async () => {
      try {
        await this.run();
      } catch (err) {
        this.failed(err);
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** No more runs; answers when the one in progress, if any, is done. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
