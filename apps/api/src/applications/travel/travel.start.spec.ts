import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '@schoolflow/workflows';
import type { TravelForm } from '@schoolflow/workflows/travel/travel.form.js';
import { travelMachine } from '@schoolflow/workflows/travel/travel.machine.js';
import type { StartClock } from '../shared/student-applicant.js';
import { applicantRead, applicantRefusals, asParent, asStudent, candidate, CLOCK, HEAD_TEACHER, PARENT_USER, picture, STUDENT_USER, planned } from '../shared/start-testing.js';
import { planTravelStart, type TravelStartRead } from './travel.start.js';

const form = (over: Partial<TravelForm> = {}): TravelForm => ({ destination: '市图书馆', start: '2026-11-24 13:00', end: '2026-11-24 17:30', reason: '查阅资料', transport: 'bus', ...over });

/** given what the start read / when a form is planned (by whom, at what moment) / then the plan or the refusal. */
const given = (read: TravelStartRead = applicantRead()) => ({
  when: (f: TravelForm, actor = asParent, clock: StartClock = CLOCK) => planned(() => planTravelStart(f, read, actor, clock)),
});

describe('a travel request’s start: given the reads / when planned / then', () => {
  it('a parent’s request for their only child: the form as stored, the route head teacher → office', () => {
    expect(given().when(form()).thenPlanned()).toEqual({
      data: {
        studentId: 's1',
        studentUserId: STUDENT_USER,
        destination: '市图书馆',
        start: '2026-11-24T05:00:00.000Z',
        end: '2026-11-24T09:30:00.000Z',
        transport: 'bus',
        reason: '查阅资料',
        attachments: [],
        route: { headTeacher: [HEAD_TEACHER], office: ['u-office'] },
      },
      studentId: 's1',
      owners: [PARENT_USER, STUDENT_USER, PARENT_USER],
      reviewers: [HEAD_TEACHER, 'u-office'],
      attachments: [],
    });
  });

  it('what it plans is a start the machine takes', () => {
    const { data } = given().when(form()).thenPlanned();
    expect(stateString(fold(travelMachine, [{ type: 'SUBMIT', data: { ...data, actorId: PARENT_USER } }]).value)).toBe('headTeacherReview');
  });

  it('a transport left out is stored as null; the student (the form’s studentId) is the one resolved', () => {
    const plan = given().when(form({ transport: undefined, studentId: '2026001' })).thenPlanned();
    expect(plan.data).toMatchObject({ transport: null, studentId: 's1' });
  });

  it('the end may be the start itself', () => {
    expect(given().when(form({ end: '2026-11-24 13:00' })).thenPlanned().data).toMatchObject({ start: '2026-11-24T05:00:00.000Z', end: '2026-11-24T05:00:00.000Z' });
  });

  it('a student applies for themself', () => {
    expect(given(applicantRead({ candidates: [candidate({ self: true })] })).when(form(), asStudent).thenPlanned().owners).toEqual([STUDENT_USER, STUDENT_USER, PARENT_USER]);
  });

  it('pictures: each once, the applicant’s own', () => {
    const plan = given(applicantRead({ files: [picture('p1')] })).when(form({ attachments: ['p1', 'p1'] })).thenPlanned();
    expect([plan.attachments, plan.data.attachments]).toEqual([['p1'], ['p1']]);
  });

  it('administrators stand in for an office that is only the applicant', () => {
    expect(given(applicantRead({ office: [PARENT_USER] })).when(form()).thenPlanned()).toMatchObject({
      data: { route: { office: [PARENT_USER, 'u-admin'] } },
      reviewers: [HEAD_TEACHER, PARENT_USER, 'u-admin'],
    });
  });

  it('refuses a time it cannot read, an end before the start, a period outside the window around the clock', () => {
    given().when(form({ start: '24/11/2026 13:00' })).thenRefused(400, 'validation.timeInvalid');
    given().when(form({ end: '2026-11-24 12:59' })).thenRefused(400, 'validation.endBeforeStart');
    given().when(form({ start: '2026-05-01 08:00', end: '2026-05-01 09:00' })).thenRefused(400, 'validation.outsideWindow', { from: '2026-05-24', to: '2027-11-24' });
    given().when(form({ start: '2027-11-24 08:00', end: '2027-11-24 10:00' })).thenRefused(400, 'validation.outsideWindow', { from: '2026-05-24', to: '2027-11-24' });
    given().when(form(), asParent, { ...CLOCK, now: Date.parse('2028-01-10T09:00:00+08:00') }).thenRefused(400, 'validation.outsideWindow', { from: '2027-07-11', to: '2029-01-10' });
  });

  it.each(applicantRefusals({ notApplicant: 'workflow.notStudentOrParent', chooseChild: 'validation.childRequired' }, { pictures: true }))(
    'refuses $name ($status $key)',
    ({ read, actor, studentId, attachments, status, key }) => {
      given(read).when(form({ studentId, attachments }), actor).thenRefused(status, key);
    },
  );
});
