import { describe, expect, it } from '@jest/globals';
import { dutyAbsenceInputSchema, dutyDays, dutyRosterInputSchema, dutySwapFormSchema, rotate } from './duty-rosters-api.js';

describe('duty days', () => {
  it('are the weekdays of the range, less declared holidays, plus make-up workdays', () => {
    // 2030-09-30 is a Monday; 10-01..10-02 holidays; 10-05 (Saturday) a make-up workday
    const days = dutyDays('2030-09-30', '2030-10-06', [
      { date: '2030-10-01', kind: 'holiday' },
      { date: '2030-10-02', kind: 'holiday' },
      { date: '2030-10-05', kind: 'workday' },
    ]);
    expect(days).toEqual(['2030-09-30', '2030-10-03', '2030-10-04', '2030-10-05']);
  });
});

describe('the fair rotation', () => {
  const slots = (days: string[], posts: string[]) => days.flatMap((date) => posts.map((postId) => ({ postId, date })));

  it('gives each slot to the teacher with the fewest duties, in turn, one duty a day each', () => {
    const plan = rotate(slots(['d1', 'd2', 'd3'], ['gate', 'canteen']), ['a', 'b', 'c'], () => false);
    expect(plan.map((p) => p.teacherId)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
    const perDay = new Map<string, Set<string>>();
    for (const p of plan) perDay.set(p.slot.date, (perDay.get(p.slot.date) ?? new Set()).add(p.teacherId ?? ''));
    for (const set of perDay.values()) expect(set.size).toBe(2);
  });

  it('skips a teacher on leave or busy that day, and evens out duties already held elsewhere', () => {
    const plan = rotate(slots(['d1', 'd2'], ['gate']), ['a', 'b'], (t, d) => t === 'a' && d === 'd1');
    expect(plan.map((p) => p.teacherId)).toEqual(['b', 'a']);
    expect(rotate(slots(['d1', 'd2'], ['gate']), ['a', 'b'], () => false, { a: 3 }).map((p) => p.teacherId)).toEqual(['b', 'b']);
  });

  it('leaves a slot nobody can take empty', () => {
    expect(rotate(slots(['d1'], ['gate', 'canteen']), ['a'], () => false).map((p) => p.teacherId)).toEqual(['a', null]);
  });
});

describe('the forms', () => {
  const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message);
  it('a roster: dates in order, at most 31 days; a leave the same', () => {
    expect(dutyRosterInputSchema.safeParse({ title: '第一周', fromDate: '2030-09-30', toDate: '2030-10-06' }).success).toBe(true);
    expect(messages(dutyRosterInputSchema.safeParse({ title: ' ', fromDate: '2030-10-06', toDate: '2030-09-30' }))).toEqual(['duty.validation.titleRequired', 'duty.validation.rangeInverted']);
    expect(messages(dutyRosterInputSchema.safeParse({ title: 'x', fromDate: '2030-09-01', toDate: '2030-10-02' }))).toEqual(['duty.validation.rangeTooLong']);
    expect(messages(dutyAbsenceInputSchema.safeParse({ teacherId: 'x', fromDate: '2030-02-30', toDate: '2030-03-01' }))).toEqual(['duty.validation.teacherInvalid', 'validation.dateInvalid']);
  });
  it('a swap: my duty, a colleague, their duty optional, a reason', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(dutySwapFormSchema.parse({ assignmentId: id, withTeacherId: id, withAssignmentId: '', reason: ' 培训 ' })).toEqual({ assignmentId: id, withTeacherId: id, reason: '培训' });
    expect(messages(dutySwapFormSchema.safeParse({ assignmentId: 'x', withTeacherId: id, reason: '' }))).toEqual(['duty.validation.dutyRequired', 'duty.validation.reasonRequired']);
  });
});
