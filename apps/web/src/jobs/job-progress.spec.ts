import { describe, expect, it } from '@jest/globals';
import type { JobProgress } from '@schoolflow/contracts';
import { jobFinished, jobPercent, laterProgress } from './job-progress.js';

describe('a job followed by pushes and polls', () => {
  it('keeps the later of a pushed and a polled job state', () => {
    const at = (done: number, state: JobProgress['state'] = 'running'): JobProgress => ({ id: 'j', kind: 'import', state, done, total: 900 });
    expect(laterProgress(at(100), at(300))?.done).toBe(300);
    expect(laterProgress(at(500), at(300))?.done).toBe(500);
    expect(laterProgress(at(900, 'completed'), at(300))?.state).toBe('completed');
    expect(laterProgress(null, at(1))?.done).toBe(1);
    expect(laterProgress(undefined, null)).toBeNull();
  });

  it('is finished once completed or failed, and counts its percent within 0…100', () => {
    const at = (state: JobProgress['state']): JobProgress => ({ id: 'j', kind: 'import', state, done: 1, total: 2 });
    expect([jobFinished(at('running')), jobFinished(at('completed')), jobFinished(at('failed')), jobFinished(null)]).toEqual([false, true, true, false]);
    expect([jobPercent({ done: 1, total: 3 }), jobPercent({ done: 5, total: 3 }), jobPercent({ done: 1, total: 0 })]).toEqual([33, 100, 0]);
  });
});
