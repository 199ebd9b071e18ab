import { afterEach, describe, expect, it } from '@jest/globals';
import type { DataSource, EntityManager } from 'typeorm';
import { loadConfig, type ServerConfig } from '../../config/app-config.js';
import { AppException } from '../http/app-exception.js';
import { JOB_ADMISSION_LOCK, JobAdmission, mayQueue } from './job-admission.js';

/**
 * The admission rule, and the order of its statements. What it does against PostgreSQL under a burst (the lock
 * making the count and the insert one step) is proved end to end: test/grades/one-user-cannot-queue-unlimited-work.e2e-spec.ts.
 */

/** A transaction that records each statement and answers the owner's live jobs as `live`. */
function givenOwnerWith(live: number) {
  const statements: string[] = [];
  const answer = (sql: string): unknown => {
    statements.push(sql.replace(/\s+/g, ' ').trim());
    if (sql.includes('count(*)')) return [{ live }];
    if (sql.startsWith('INSERT')) return [{ id: 'job-1' }];
    return [];
  };
  const tx: Pick<EntityManager, 'query'> = { query: async <T>(sql: string): Promise<T> => answer(sql) as T };
  const admission = new JobAdmission({} as DataSource, { jobsPerUser: 3 } as ServerConfig);
  return {
    statements,
    whenAdmitted: () => admission.admitIn(tx, { kind: 'grades:class-reports', ownerId: 'u1', total: 30, input: { classId: 'c1' } }),
  };
}

describe('job admission: at most JOBS_PER_USER jobs queued or running per owner', () => {
  it('one more while under the cap, none at it or above', () => {
    expect([0, 1, 2].map((live) => mayQueue(live, 3))).toEqual([true, true, true]);
    expect([3, 4].map((live) => mayQueue(live, 3))).toEqual([false, false]);
  });

  it('given two jobs under way, when one more is asked for, then it is recorded — the owner’s lock first, then the count, then the insert', async () => {
    const owner = givenOwnerWith(2);
    await expect(owner.whenAdmitted()).resolves.toBe('job-1');
    expect(owner.statements.map((s) => s.slice(0, 40))).toEqual([
      'SELECT pg_advisory_xact_lock($1, hashtex',
      'SELECT count(*)::int AS live FROM sys_jo',
      'INSERT INTO sys_job (kind, owner_id, tot',
    ]);
    expect(owner.statements[1]).toContain("state IN ('queued', 'running')");
    expect(JOB_ADMISSION_LOCK).toBe(727029);
  });

  it('given three under way, when one more is asked for, then 429 naming the count and the cap, and nothing is written', async () => {
    const owner = givenOwnerWith(3);
    const refusal = await owner.whenAdmitted().catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppException);
    expect(refusal).toMatchObject({ status: 429, messageKey: 'jobsBusy', params: { count: 3, max: 3 } });
    expect(owner.statements.some((s) => s.startsWith('INSERT'))).toBe(false);
  });
});

describe('JOBS_PER_USER and PDF_RENDERS_PER_USER, validated where the configuration is read', () => {
  afterEach(() => {
    delete process.env.JOBS_PER_USER;
    delete process.env.PDF_RENDERS_PER_USER;
    delete process.env.PDF_WORKERS;
  });

  it('3 jobs and 2 PDFs each when unset; a whole number within bounds when set', () => {
    expect(loadConfig()).toMatchObject({ jobsPerUser: 3, pdfRendersPerUser: 2, pdfWorkers: null });
    process.env.JOBS_PER_USER = '10';
    process.env.PDF_RENDERS_PER_USER = '1';
    process.env.PDF_WORKERS = '2';
    expect(loadConfig()).toMatchObject({ jobsPerUser: 10, pdfRendersPerUser: 1, pdfWorkers: 2 });
  });

  it('anything else stops the start, naming the variable and its bounds', () => {
    for (const bad of ['0', '-1', '2.5', 'many', '101', '1e2']) {
      process.env.JOBS_PER_USER = bad;
      expect(() => loadConfig()).toThrow('JOBS_PER_USER must be a whole number from 1 to 100');
    }
    delete process.env.JOBS_PER_USER;
    process.env.PDF_RENDERS_PER_USER = '0';
    expect(() => loadConfig()).toThrow('PDF_RENDERS_PER_USER must be a whole number from 1 to 50');
  });
});
