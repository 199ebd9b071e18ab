import { describe, expect, it } from '@jest/globals';
import type { ServerConfig } from '../../config/app-config.js';
import { AppException } from '../http/app-exception.js';
import { InFlightLimit } from './in-flight-limit.js';
import { PdfPool } from './pdf-pool.js';

/** A promise resolved from outside: a render held open until the test lets it finish. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('in-flight limit: at most `max` per key', () => {
  it('gives places up to the max, refuses beyond, and takes a place back once however often it is given back', () => {
    const limit = new InFlightLimit(2);
    const a = limit.tryAcquire('u1');
    const b = limit.tryAcquire('u1');
    expect([a, b].every((r) => typeof r === 'function')).toBe(true);
    expect(limit.tryAcquire('u1')).toBeNull();
    a?.();
    a?.();
    expect(limit.inFlight('u1')).toBe(1);
    expect(limit.tryAcquire('u1')).not.toBeNull();
  });

  it('keys are apart, and a key with nothing in flight is forgotten', () => {
    const limit = new InFlightLimit(1);
    const mine = limit.tryAcquire('u1');
    expect(limit.tryAcquire('u1')).toBeNull();
    const theirs = limit.tryAcquire('u2');
    expect(theirs).not.toBeNull();
    mine?.();
    theirs?.();
    expect(limit.keys).toBe(0);
  });
});

describe('PDF pool: a user’s documents in flight', () => {
  const pool = new PdfPool({ pdfRendersPerUser: 2, pdfWorkers: null } as ServerConfig);

  it('given two of a user’s documents under way, when a third is asked for, then 429 naming the cap — another user is served', async () => {
    const held = gate();
    const first = pool.forUser('u1', () => held.promise.then(() => 'one'));
    const second = pool.forUser('u1', () => held.promise.then(() => 'two'));
    const third = await pool.forUser('u1', async () => 'three').catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppException);
    expect(third).toMatchObject({ status: 429, messageKey: 'pdfBusy', params: { max: 2 } });
    await expect(pool.forUser('u2', async () => 'theirs')).resolves.toBe('theirs');
    held.open();
    await expect(Promise.all([first, second])).resolves.toEqual(['one', 'two']);
    // the places are back once the documents are done, also after a failure
    await expect(pool.forUser('u1', async () => Promise.reject(new Error('no such student')))).rejects.toThrow('no such student');
    await expect(Promise.all([pool.forUser('u1', async () => 1), pool.forUser('u1', async () => 2)])).resolves.toEqual([1, 2]);
  });

  it('draws a document (in-process from the sources; the compiled worker in the built server)', async () => {
    const pdf = await pool.render({
      kind: 'report',
      report: {
        lang: 'en',
        school: 'SchoolFlow',
        student: { id: 's', name: 'Wang Zixuan', studentNo: '202511001', className: 'Grade 10 Class 1' },
        semester: { id: 'm', name: '2025-2026 first semester' },
        exams: [],
        courses: [],
        date: '2026-01-20',
      },
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('threads: as configured, else every core but one, 1 to 4', () => {
    expect(PdfPool.threads(3)).toBe(3);
    expect(PdfPool.threads(null)).toBeGreaterThanOrEqual(1);
    expect(PdfPool.threads(null)).toBeLessThanOrEqual(4);
  });
});
