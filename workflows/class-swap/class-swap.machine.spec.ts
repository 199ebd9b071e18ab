import { describe, expect, it } from '@jest/globals';
import { stateString } from '../engine/flow.js';
import { everyPath, expectReviewPaths, givenFlow } from '../kit/testing.js';
import { classSwapFlow } from './class-swap.flow.js';
import { classSwapFormSchema } from './class-swap.form.js';
import { type ClassSwapEvent, classSwapMachine, type ClassSwapSubmitted, type MovedLesson } from './class-swap.machine.js';

const lesson = (teacherId: string, over: Partial<MovedLesson> = {}): MovedLesson => ({
  id: `lesson-${teacherId}`,
  courseId: `course-${teacherId}`,
  courseName: { zh: '数学', en: 'Mathematics' },
  teacherId,
  teacherName: teacherId,
  classroomId: 'a101',
  ...over,
});

/** A swap with B (the target holds B's lesson): B consents, then the office. */
const swap = (over: Partial<ClassSwapSubmitted> = {}): ClassSwapSubmitted => ({
  type: 'SUBMIT',
  actorId: 'teacher',
  studentId: '',
  studentUserId: null,
  classId: 'class-1',
  className: { zh: '高一(1)班', en: 'Grade 10 Class 1' },
  fromDate: '2026-12-07',
  fromPeriod: 2,
  toDate: '2026-12-08',
  toPeriod: 3,
  fromPeriodName: { zh: '第2节', en: 'Period 2' },
  toPeriodName: { zh: '第3节', en: 'Period 3' },
  week: 15,
  startsAt: '2026-12-07T01:00:00.000Z',
  reason: '外出教研',
  lesson: lesson('teacher'),
  other: lesson('b'),
  audience: ['stu1'],
  route: { teacher: ['b'], office: ['off1', 'off2'] },
  ...over,
});
/** A move to a free period: nobody to ask, straight to the office. */
const move = (over: Partial<ClassSwapSubmitted> = {}) => swap({ other: null, route: { teacher: [], office: ['off1', 'off2'] }, ...over });
const given = givenFlow<typeof classSwapMachine, ClassSwapEvent>(classSwapFlow);
const CONSENT = (actorId = 'b'): ClassSwapEvent => ({ type: 'CONSENT', actorId });

describe('class-swap machine: given / when / then', () => {
  it('a swap with another teacher asks them first (CONSENT), then the office decides', () => {
    const s = given().when(swap()).thenState('teacherConsent');
    expect(classSwapFlow.assignees(s)).toEqual(['b']);
    expect(classSwapFlow.status(s)).toEqual({ review: 'unreviewed' });
    const off = given(swap()).when(CONSENT()).thenState('officeReview');
    expect(classSwapFlow.assignees(off)).toEqual(['off1', 'off2']);
    expect(classSwapFlow.status(off)).toEqual({ review: 'pending' });
    const done = given(swap(), CONSENT()).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved');
    expect(classSwapFlow.status(done)).toEqual({ review: 'passed' });
  });

  it('a move to a free period has nobody to ask: straight to the office; the diagram shows the consent only with another teacher', () => {
    const s = given().when(move()).thenState('officeReview');
    expect(classSwapFlow.assignees(s)).toEqual(['off1', 'off2']);
    const consent = classSwapFlow.steps.find((x) => x.state === 'teacherConsent');
    expect(classSwapFlow.steps.map((x) => x.state)).toEqual(['new', 'teacherConsent', 'officeReview', 'approved']);
    expect(consent?.labelKey).toBe('workflow.step.teacherConsent');
    expect(consent?.shown?.(s.context)).toBe(false);
    expect(consent?.shown?.(given().when(swap()).thenState('teacherConsent').context)).toBe(true);
    given(move()).when(CONSENT()).thenRefused('impossible', 'workflow.notAwaitingConsent');
  });

  it('the consent is the other teacher’s alone: not approved in its place, not handed on, not the office’s', () => {
    given(swap()).when({ type: 'APPROVE', actorId: 'b' }).thenRefused('impossible', 'workflow.awaitingConsent');
    given(swap()).when({ type: 'TRANSFER', actorId: 'b', toUserId: 'c' }).thenRefused('impossible', 'workflow.consentNotTransferable');
    given(swap()).when(CONSENT('off1')).thenRefused('forbidden');
    given(swap()).when(CONSENT('teacher')).thenRefused('forbidden');
    expect(classSwapFlow.stepRoles).toEqual({ office: 'office' });
    // the office's step is transferable as every office step is
    const handed = given(swap(), CONSENT()).when({ type: 'TRANSFER', actorId: 'off1', toUserId: 'off3' }).thenState('officeReview');
    expect(classSwapFlow.assignees(handed)).toEqual(['off3']);
  });

  it('the other teacher refusing (with a reason) ends it; the applicant withdraws before anyone decides, and urges', () => {
    given(swap()).when({ type: 'REJECT', actorId: 'b' }).thenRefused('impossible', 'workflow.rejectNeedsReason');
    given(swap()).when({ type: 'REJECT', actorId: 'b', comment: '那节课我在监考' }).thenState('rejected');
    given(swap()).when({ type: 'WITHDRAW', actorId: 'teacher' }).thenState('withdrawn');
    given(swap()).when({ type: 'WITHDRAW', actorId: 'b' }).thenRefused('forbidden');
    given(swap()).when({ type: 'URGE', actorId: 'teacher', at: '2026-12-01T01:00:00.000Z' }).thenState('teacherConsent');
    given(swap(), CONSENT(), { type: 'APPROVE', actorId: 'off1' }).when({ type: 'WITHDRAW', actorId: 'teacher' }).thenRefused('impossible', 'workflow.notPending');
    given(move()).when({ type: 'REJECT', actorId: 'off2', comment: '期末考试周不调课' }).thenState('rejected');
  });

  it('nobody decided before the earlier period began: the engine expires it then, at the consent or the office, not once decided', () => {
    for (const waiting of [[swap()], [swap(), CONSENT()], [move()]]) {
      expect(classSwapFlow.timer(given(...waiting).snapshot)).toEqual({ type: 'EXPIRE', at: '2026-12-07T01:00:00.000Z' });
      const expired = given(...waiting).when({ type: 'EXPIRE', actorId: 'system', at: '2026-12-07T01:00:00.000Z' }).thenState('expired');
      expect(classSwapFlow.status(expired)).toEqual({ review: 'rejected', extra: 'expired' });
      expect(classSwapFlow.assignees(expired)).toEqual([]);
      given(...waiting).when({ type: 'EXPIRE', actorId: 'system', at: '2026-12-07T00:59:00.000Z' }).thenRefused('impossible');
    }
    const passed = given(swap(), CONSENT()).when({ type: 'APPROVE', actorId: 'off1' }).thenState('approved');
    expect(classSwapFlow.timer(passed)).toBeNull();
  });

  it('the pages show the two periods by the names it kept (the numbers’ names for a request that kept none)', () => {
    expect([classSwapFlow.formView({ ...swap() }).fromPeriod, classSwapFlow.formView({ ...swap() }).toPeriod]).toEqual([
      { zh: '第2节', en: 'Period 2' },
      { zh: '第3节', en: 'Period 3' },
    ]);
    const { fromPeriodName: _f, toPeriodName: _t, ...older } = swap();
    expect(classSwapFlow.formView({ ...older }).toPeriod).toEqual({ zh: '第3节', en: 'Period 3' });
  });

  it('two different lessons: the same date and period twice is refused by the submission’s own rule', () => {
    given().when(move({ toDate: '2026-12-07', toPeriod: 2 })).thenRefused('impossible', 'timetable.errors.samePeriod');
    given().when(move({ toDate: '2026-12-07', toPeriod: 3 })).thenState('officeReview');
  });

  it('the form: a class, two dates and periods, an optional teacher, a reason', () => {
    const ok = { classId: '00000000-0000-4000-8000-000000000001', fromDate: '2026-12-07', fromPeriod: '2', toDate: '2026-12-08', toPeriod: 3, reason: '教研' };
    const parsed = classSwapFormSchema.parse({ ...ok, withTeacherId: '' });
    expect([parsed.fromPeriod, parsed.toPeriod, parsed.withTeacherId]).toEqual([2, 3, undefined]);
    const fail = (f: Record<string, unknown>) => classSwapFormSchema.safeParse(f).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(fail({ ...ok, fromPeriod: '' })).toEqual(['fromPeriod:validation.periodRequired']);
    expect(fail({ ...ok, toDate: '2026-13-01' })).toEqual(['toDate:validation.dateInvalid']);
    expect(fail({ ...ok, withTeacherId: 'b' })).toEqual(['withTeacherId:validation.teacherInvalid']);
    expect(fail({ ...ok, reason: ' ' })).toEqual(['reason:validation.swapReasonRequired']);
  });
});

describe('class-swap machine: every path', () => {
  const actors = ['teacher', 'b', 'off1', 'outsider'];
  const events: ClassSwapEvent[] = [
    swap(),
    move(),
    move({ toDate: '2026-12-07', toPeriod: 2 }),
    ...actors.flatMap((a): ClassSwapEvent[] => [
      { type: 'CONSENT', actorId: a },
      { type: 'APPROVE', actorId: a },
      { type: 'REJECT', actorId: a, comment: 'no' },
      { type: 'WITHDRAW', actorId: a },
    ]),
    { type: 'EXPIRE', actorId: 'system', at: '2026-12-07T03:00:00.000Z' },
  ];
  const paths = everyPath(classSwapFlow, events, (s) => `${stateString(s.value)}|${JSON.stringify(s.context.route)}`);

  it('reaches every state; each decision is its step reviewer’s, never the applicant’s', () => {
    expectReviewPaths(classSwapFlow, paths, ['approved', 'expired', 'new', 'officeReview', 'rejected', 'teacherConsent', 'withdrawn']);
  });

  it('on every path: only the other teacher consents, only with one; a passed swap with another teacher had their consent', () => {
    for (const p of paths) {
      for (const { before, event } of p.steps) {
        if (event.type === 'CONSENT') {
          expect(event.actorId).toBe('b');
          expect(classSwapFlow.assignees(before)).toEqual(['b']);
        }
      }
      const teacher = (p.end.context.route as { teacher?: string[] }).teacher ?? [];
      if (stateString(p.end.value) === 'approved' && teacher.length > 0) expect(p.steps.some((s) => s.event.type === 'CONSENT')).toBe(true);
      if (teacher.length === 0) expect(p.steps.some((s) => stateString(s.after.value) === 'teacherConsent')).toBe(false);
    }
  });
});
