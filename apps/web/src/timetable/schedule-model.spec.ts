import { describe, expect, it } from '@jest/globals';
import type { JobProgress } from '@schoolflow/contracts';
import { laterProgress } from '../jobs/job-progress.js';
import { schedulePercent, scheduleProgressOf } from './schedule-model.js';

const job = (over: Partial<JobProgress>): JobProgress => ({ id: 'j', kind: 'timetable:schedule', state: 'running', done: 0, total: 180, ...over });
const score = { total: 12, spread: 4, crowded: 0, afternoonMain: 8, longRuns: 0 };

describe('the scheduler’s progress', () => {
  it('reads the phase and the score so far while running', () => {
    expect(scheduleProgressOf(job({ done: 90, result: { phase: 'construct', score: null } }))).toMatchObject({ state: 'running', done: 90, phase: 'construct', score: null, result: null });
    expect(scheduleProgressOf(job({ done: 180, result: { phase: 'improve', score: 17 } }))).toMatchObject({ phase: 'improve', score: 17 });
    // a polled record has no phase
    expect(scheduleProgressOf(job({ done: 40, result: null }))).toMatchObject({ phase: null, score: null });
  });

  it('reads the outcome when completed and the reason when failed', () => {
    const done = scheduleProgressOf(job({ state: 'completed', done: 180, result: { timetableId: 'tt', placed: 180, total: 180, score, unplaced: [], ms: 2100 } }));
    expect(done?.result).toEqual({ timetableId: 'tt', placed: 180, total: 180, score, unplaced: [], ms: 2100 });
    expect(done?.score).toBe(12);
    expect(scheduleProgressOf(job({ state: 'failed', result: { message: '自动排课失败' } }))?.failure).toBe('自动排课失败');
    expect(scheduleProgressOf(null)).toBeNull();
  });

  it('keeps what the kit’s job progress shows: the newer push at one count (the score improving), a poll only when further on or finished', () => {
    // useJobProgress keeps laterProgress(newPush, previous) of the pushes, then laterProgress(push, poll)
    const before = job({ done: 180, result: { phase: 'improve', score: 17 } });
    const newer = job({ done: 180, result: { phase: 'improve', score: 9 } });
    expect(scheduleProgressOf(laterProgress(newer, before))?.score).toBe(9);
    // a late push from before does not undo a further one
    expect(laterProgress(job({ done: 60 }), job({ done: 120 }))?.done).toBe(120);
    expect(laterProgress(before, job({ done: 180, result: null }))).toBe(before);
    const further = job({ done: 120 });
    expect(laterProgress(job({ done: 60 }), further)).toBe(further);
    const finished = job({ state: 'completed', done: 180 });
    expect(laterProgress(before, finished)).toBe(finished);
    expect(laterProgress(finished, newer)).toBe(finished);
  });

  it('fills the bar by lessons placed, fully once completed', () => {
    expect(schedulePercent({ state: 'running', done: 45, total: 180 })).toBe(25);
    expect(schedulePercent({ state: 'running', done: 0, total: 0 })).toBe(0);
    expect(schedulePercent({ state: 'completed', done: 170, total: 180 })).toBe(100);
  });
});
