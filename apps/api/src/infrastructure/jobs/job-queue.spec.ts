import { describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import type { ServerConfig } from '../../config/app-config.js';
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
