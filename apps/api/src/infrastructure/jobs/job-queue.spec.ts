import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { ServerConfig } from '../../config/app-config.js';
import { redisOutage } from '../redis/redis-connections.js';
import { TEST_REDIS_URL, UNREACHABLE_REDIS_URL, until } from '../redis/redis.testing.js';
import { JobQueue, type JobQueueOptions } from './job-queue.js';

/**
 * How the one runner takes jobs up and gives them up, without Redis (in-process; BullMQ's side runs end to end:
 * test/resilience/semester-upgrade-faults.e2e-spec.ts, test/resilience/redis-outage.e2e-spec.ts).
 */

/** A database that records each statement and answers the live `sys_job` rows as `live`. */
function database(live: string[]) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const db = {
    query: async (sql: string, params: unknown[] = []) => {
      statements.push({ sql: sql.replace(/\s+/g, ' ').trim(), params });
      return sql.startsWith('SELECT id FROM sys_job') ? live.map((id) => ({ id })) : [];
    },
  };
  return { db: db as unknown as DataSource, statements };
}

const noRedis = { redisUrl: '' } as ServerConfig;
const settled = () => new Promise((r) => setTimeout(r, 20));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function queue(db: DataSource, o: Partial<JobQueueOptions> & Pick<JobQueueOptions, 'live' | 'process'>) {
  return new JobQueue(db, noRedis, { queue: 'spec', label: 'spec', ...o });
}

describe('JobQueue', () => {
  it('at start takes up the live sys_job rows of its kinds, each run once', async () => {
    const { db, statements } = database(['j1', 'j2']);
    const ran: string[] = [];
    await queue(db, { live: { kinds: 'import:%' }, process: async (id) => void ran.push(id) }).start();
    await settled();
    expect(ran).toEqual(['j1', 'j2']);
    expect(statements[0]?.params).toEqual(['import:%']);
  });

  it('a job kept elsewhere names its own live jobs; its owner may take them up later instead of at start', async () => {
    const { db } = database([]);
    const ran: string[] = [];
    let live = ['u1'];
    const jobs = queue(db, { live: async () => live, process: async (id) => void ran.push(id) });
    await jobs.start({ resume: false });
    await settled();
    expect(ran).toEqual([]);
    live = ['u1', 'u2'];
    await jobs.resume();
    await settled();
    expect(ran).toEqual(['u1', 'u2']);
  });

  it('a job that fails is marked failed in sys_job, unless it is taken up again later', async () => {
    const failing = async () => {
      throw new Error('boom');
    };
    const marked = database([]);
    await queue(marked.db, { live: { kinds: 'x' }, process: failing }).enqueue('j1');
    await settled();
    expect(marked.statements.filter((s) => s.sql.startsWith("UPDATE sys_job SET state = 'failed'")).map((s) => s.params)).toEqual([['j1']]);

    const later = database([]);
    await queue(later.db, { live: async () => [], process: failing, givenUp: 'resumedLater' }).enqueue('u1');
    await settled();
    expect(later.statements).toEqual([]);
  });
});

describe('JobQueue: delayed jobs and the tick, in-process', () => {
  const started: JobQueue[] = [];
  // with Redis away a stop waits for it 5 s at most (cutAtStop)
  afterEach(async () => {
    for (const q of started.splice(0)) await q.stop();
  }, 15_000);
  function recording(o: Partial<JobQueueOptions> = {}) {
    const ran: string[] = [];
    const jobs = queue(database([]).db, { live: async () => [], process: async (id) => void ran.push(id), givenUp: 'resumedLater', ...o });
    started.push(jobs);
    return { jobs, ran };
  }

  it('a delayed job runs once its delay has passed, once while it waits, the earliest first; then its id is free', async () => {
    const { jobs, ran } = recording();
    await jobs.enqueueDelayed([
      { jobId: 'late', delayMs: 300 },
      { jobId: 'early', delayMs: 50 },
    ]);
    await jobs.enqueueDelayed([{ jobId: 'late', delayMs: 0 }]); // waiting already: the same job, at its own time
    await sleep(20);
    expect(ran).toEqual([]);
    await until(() => ran.length >= 1);
    expect(ran[0]).toBe('early');
    await until(() => ran.length >= 2);
    expect(ran).toEqual(['early', 'late']);
    await jobs.enqueueDelayed([{ jobId: 'late', delayMs: 0 }]);
    await settled();
    expect(ran).toEqual(['early', 'late', 'late']);
  });

  it('replace gives a waiting job its new delay; remove takes one back; a delay beyond a timer’s range waits', async () => {
    const { jobs, ran } = recording();
    await jobs.enqueueDelayed([
      { jobId: 'moved', delayMs: 250 },
      { jobId: 'taken back', delayMs: 30 },
      { jobId: 'next month', delayMs: 40 * 24 * 3600 * 1000 }, // a plain setTimeout would run it at once
    ]);
    await jobs.enqueueDelayed([{ jobId: 'moved', delayMs: 10 }], { replace: true });
    await jobs.remove(['taken back']);
    await until(() => ran.length >= 1);
    expect(ran).toEqual(['moved']);
    await sleep(250); // past the delay it had before, and past the one taken back
    expect(ran).toEqual(['moved']);
  });

  it('nothing waiting runs after stop', async () => {
    const { jobs, ran } = recording();
    await jobs.enqueueDelayed([{ jobId: 'j', delayMs: 20 }]);
    await jobs.stop();
    await sleep(50);
    expect(ran).toEqual([]);
  });

  it('without Redis the tick runs every everyMs from start; a run still going skips the next; none after stop', async () => {
    const ran: string[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((r) => (release = r));
    const { jobs } = recording({
      tick: { jobId: 'sweep', everyMs: 25 },
      process: async (id) => {
        ran.push(id);
        if (ran.length === 1) await slow; // the first run lasts several periods
      },
    });
    await jobs.start();
    await until(() => ran.length >= 1);
    await sleep(110); // four periods while the first run lasts
    expect(ran).toEqual(['sweep']);
    release();
    await until(() => ran.length >= 2);
    expect(ran.length).toBeGreaterThanOrEqual(2);
    await jobs.stop();
    const after = ran.length;
    await sleep(60);
    expect(ran.length).toBe(after);
  });

  it('with Redis away the look runs the tick in-process and still asks Redis for its scheduler, re-created once Redis answers', async () => {
    // Nothing listens on port 1: BullMQ's own connections fail; the queue's calls are stubbed to say what Redis answers.
    const unreachable = { redisUrl: UNREACHABLE_REDIS_URL, redisPrefix: 'spec' } as ServerConfig;
    const getScheduler = jest.spyOn(Queue.prototype, 'getJobScheduler').mockRejectedValue(new Error('Connection is closed.'));
    const upsert = jest.spyOn(Queue.prototype, 'upsertJobScheduler').mockResolvedValue(undefined as never);
    let restored = 0;
    const off = redisOutage.onRestore(() => void restored++);
    const ran: string[] = [];
    const jobs = new JobQueue(database([]).db, unreachable, {
      queue: 'spec',
      label: 'spec',
      live: async () => [],
      process: async (id) => void ran.push(id),
      givenUp: 'resumedLater',
      tick: { jobId: 'sweep', everyMs: 1000 },
      cutAtStop: true,
    });
    started.push(jobs);
    try {
      await jobs.start();
      expect(redisOutage.down).toBe(true);
      await until(() => ran.includes('sweep'));
      expect(ran).toContain('sweep');
      expect(getScheduler.mock.calls.length).toBeGreaterThanOrEqual(2); // at start and at the look while away
      expect(upsert).not.toHaveBeenCalled();

      // Redis answers again, emptied: the next look finds the scheduler missing and puts it back, and says Redis is back.
      getScheduler.mockResolvedValue(undefined);
      await until(() => upsert.mock.calls.length > 0);
      expect(upsert).toHaveBeenCalledWith('sweep', { every: 1000 }, expect.objectContaining({ data: { jobId: 'sweep' } }));
      expect(restored).toBeGreaterThanOrEqual(1);
    } finally {
      off();
      getScheduler.mockRestore();
      upsert.mockRestore();
    }
  }, 15_000);

  it('delayed jobs Redis does not take within 1.5 s wait in-process', async () => {
    const unreachable = { redisUrl: UNREACHABLE_REDIS_URL, redisPrefix: 'spec' } as ServerConfig;
    const addBulk = jest.spyOn(Queue.prototype, 'addBulk').mockReturnValue(new Promise(() => undefined));
    const ran: string[] = [];
    const jobs = new JobQueue(database([]).db, unreachable, { queue: 'spec', label: 'spec', live: async () => [], process: async (id) => void ran.push(id), givenUp: 'resumedLater', cutAtStop: true });
    started.push(jobs);
    try {
      await jobs.start();
      redisOutage.restored(); // as if Redis were up: the call is tried, and never answered
      const asked = Date.now();
      await jobs.enqueueDelayed([{ jobId: 'due', delayMs: 10 }]);
      expect(Date.now() - asked).toBeLessThan(2500);
      expect(addBulk).toHaveBeenCalled();
      expect(redisOutage.down).toBe(true);
      await until(() => ran.length >= 1);
      expect(ran).toEqual(['due']);
    } finally {
      addBulk.mockRestore();
    }
  }, 15_000);
});

/** BullMQ's side at stop, on the real Redis the suite runs beside. */
describe('JobQueue at stop, with BullMQ', () => {
  const stopping: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(stopping.splice(0).map((j) => j.stop()));
    redisOutage.restored();
  });

  it('with Redis away since the start, stop ends within seconds, though a job it would wait for is the default', async () => {
    const unreachable = { redisUrl: UNREACHABLE_REDIS_URL, redisPrefix: 'spec' } as ServerConfig;
    const jobs = new JobQueue(database([]).db, unreachable, { queue: 'spec-away', label: 'spec', live: async () => [], process: async () => undefined });
    await jobs.start();
    await until(() => redisOutage.down);
    expect(redisOutage.down).toBe(true);

    const asked = Date.now();
    await jobs.stop();
    // BullMQ's closing steps are bounded (3 s and 2 s), and a disconnect is not waited for: before, it waited for ever
    expect(Date.now() - asked).toBeLessThan(6_500);
  }, 15_000);

  it('waits for the job BullMQ handed over, and takes none after', async () => {
    const config = { redisUrl: TEST_REDIS_URL, redisPrefix: `spec-${process.pid}-${Date.now()}` } as ServerConfig;
    const ran: string[] = [];
    let running = false;
    const jobs = new JobQueue(database([]).db, config, {
      queue: 'spec-wait',
      label: 'spec',
      live: async () => [],
      process: async (id) => {
        running = true;
        await sleep(400);
        ran.push(id);
        running = false;
      },
    });
    stopping.push(jobs);
    await jobs.start();
    await jobs.enqueue('first');
    await until(() => running);
    await jobs.enqueue('second');

    await jobs.stop();

    expect(ran).toEqual(['first']);
    expect(running).toBe(false);
    const left = new Queue('spec-wait', { connection: { url: TEST_REDIS_URL }, prefix: config.redisPrefix });
    await left.obliterate({ force: true });
    await left.close();
  }, 15_000);
});
