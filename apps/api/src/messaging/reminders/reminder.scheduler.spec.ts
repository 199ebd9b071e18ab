import { afterEach, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { ServerConfig } from '../../config/app-config.js';
import { ReminderScheduler } from './reminder.scheduler.js';
import type { ReminderService } from './reminder.service.js';

/**
 * The reminder scheduler on JobQueue without Redis (in-process). With Redis, and through a Redis outage, it runs end to
 * end: test/resilience/redis-outage.e2e-spec.ts, test/resilience/proxy.e2e-spec.ts, test/workflow/multi-instance.e2e-spec.ts.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A reminder service whose sweep takes `ms` and counts its runs; steps are due `minutes` after they are assigned. */
function service(minutes: number, ms = 40) {
  const runs = { sweeps: 0, overlapping: 0 };
  let running = 0;
  const reminders = {
    delayMinutes: async () => minutes,
    sweep: async () => {
      runs.sweeps++;
      if (++running > 1) runs.overlapping++;
      await sleep(ms);
      running--;
      return 0;
    },
  };
  return { reminders: reminders as unknown as ReminderService, runs };
}

const schedulers: ReminderScheduler[] = [];
function scheduler(reminders: ReminderService, sweepSeconds = 60): ReminderScheduler {
  const s = new ReminderScheduler(reminders, {} as DataSource, { redisUrl: '', reminderSweepSeconds: sweepSeconds, remindersDisabled: false } as ServerConfig);
  schedulers.push(s);
  return s;
}

afterEach(async () => {
  for (const s of schedulers.splice(0)) await s.onApplicationShutdown();
});

describe('ReminderScheduler without Redis', () => {
  it('steps assigned together are swept once their delay has passed: each step once, their sweeps one at a time', async () => {
    const { reminders, runs } = service(0.001); // 60 ms, and the scheduler's 250 ms margin
    const s = scheduler(reminders);
    await s.onApplicationBootstrap();
    const steps = [
      { instanceId: 'a', version: 1 },
      { instanceId: 'b', version: 1 },
      { instanceId: 'c', version: 2 },
    ];
    await s.schedule(steps);
    await s.schedule(steps.slice(0, 1)); // a retried batch: the same job
    await sleep(200);
    expect(runs.sweeps).toBe(0);
    await sleep(400);
    // three steps due at once: one sweep, and one more for those asked while it ran — never two at a time
    expect(runs.sweeps).toBe(2);
    expect(runs.overlapping).toBe(0);
  });

  it('sweeps every REMINDER_SWEEP_SECONDS, whatever was scheduled', async () => {
    const { reminders, runs } = service(1440, 5);
    const s = scheduler(reminders, 0.2);
    await s.onApplicationBootstrap();
    await sleep(700);
    expect(runs.sweeps).toBeGreaterThanOrEqual(2);
    expect(runs.sweeps).toBeLessThanOrEqual(4);
  });
});
