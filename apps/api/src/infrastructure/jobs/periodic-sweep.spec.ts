import { describe, expect, it } from '@jest/globals';
import { PeriodicSweep } from './periodic-sweep.js';

/** A run that waits until the test lets it finish, counting how often it started. */
function gatedRun() {
  let started = 0;
  let release: () => void = () => undefined;
  const run = async (): Promise<void> => {
    started++;
    await new Promise<void>((r) => (release = r));
  };
  return { run, started: () => started, finish: () => release() };
}

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PeriodicSweep (the one shape of every instance-local sweep)', () => {
  it('given a run in progress, when another sweep is asked for, then it is the same run, not a second one', async () => {
    const g = gatedRun();
    const sweep = new PeriodicSweep(g.run, () => undefined);
    const first = sweep.sweep();
    const second = sweep.sweep();
    expect(second).toBe(first);
    g.finish();
    await first;
    expect(g.started()).toBe(1);
    await sweep.stop();
  });

  it('given a run that throws, then the failure is reported, the sweep does not reject, and the next run goes ahead', async () => {
    const failures: unknown[] = [];
    let calls = 0;
    const sweep = new PeriodicSweep(async () => {
      calls++;
      if (calls === 1) throw new Error('database away');
    }, (err) => failures.push(err));
    await expect(sweep.sweep()).resolves.toBeUndefined();
    await sweep.sweep();
    expect(calls).toBe(2);
    expect(failures.map((e) => (e as Error).message)).toEqual(['database away']);
    await sweep.stop();
  });

  it('given a started sweep, then it runs on its clock, and stop waits for the run in progress and ends the clock', async () => {
    const g = gatedRun();
    const sweep = new PeriodicSweep(g.run, () => undefined);
    sweep.start(10);
    await tick(60);
    expect(g.started()).toBe(1); // ticks while the first run is held are skipped
    let stopped = false;
    const stopping = sweep.stop().then(() => (stopped = true));
    await tick(20);
    expect(stopped).toBe(false);
    g.finish();
    await stopping;
    await tick(40);
    expect(g.started()).toBe(1);
    await expect(sweep.sweep()).resolves.toBeUndefined();
    expect(g.started()).toBe(1);
  });

  it('given start with now, then the first run does not wait for the clock', async () => {
    const g = gatedRun();
    const sweep = new PeriodicSweep(g.run, () => undefined);
    sweep.start(60_000, { now: true });
    expect(g.started()).toBe(1);
    g.finish();
    await sweep.stop();
  });
});
