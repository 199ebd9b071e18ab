import { describe, expect, it } from '@jest/globals';
import { fold, stateString } from '@schoolflow/workflows';
import type { DayReadingForm } from '@schoolflow/workflows/day-reading/day-reading.form.js';
import { dayReadingMachine } from '@schoolflow/workflows/day-reading/day-reading.machine.js';
import type { StartClock } from '../shared/student-applicant.js';
import { applicantRead, applicantRefusals, asParent, asStudent, candidate, CLOCK, HEAD_TEACHER, PARENT_USER, STUDENT_USER, planned } from '../shared/start-testing.js';
import { type DayReadingStartRead, planDayReadingStart } from './day-reading.start.js';

const form = (over: Partial<DayReadingForm> = {}): DayReadingForm => ({ start: '2026-12-01', address: '幸福路1号', guardianPhone: '13800000000', reason: '离家近', ...over });

/** given what the start read / when a form is planned (by whom, at what moment) / then the plan or the refusal. */
const given = (read: DayReadingStartRead = applicantRead()) => ({
  when: (f: DayReadingForm, actor = asParent, clock: StartClock = CLOCK) => planned(() => planDayReadingStart(f, read, actor, clock)),
});

describe('a day-reading request’s start: given the reads / when planned / then', () => {
  it('a parent’s request for their only child: the form, the route head teacher → office, no pictures', () => {
    expect(given().when(form()).thenPlanned()).toEqual({
      data: {
        studentId: 's1',
        studentUserId: STUDENT_USER,
        start: '2026-12-01',
        address: '幸福路1号',
        guardianPhone: '13800000000',
        reason: '离家近',
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
    expect(stateString(fold(dayReadingMachine, [{ type: 'SUBMIT', data: { ...data, actorId: PARENT_USER } }]).value)).toBe('headTeacherReview');
  });

  it('from today on, today in the school’s calendar (the clock’s zone, not the machine’s)', () => {
    expect(given().when(form({ start: '2026-11-23' })).thenPlanned().data.start).toBe('2026-11-23');
    given().when(form({ start: '2026-11-22' })).thenRefused(400, 'validation.dayReadingStartPast');
    // 2026-11-23 01:00 UTC is still 2026-11-22 in New York: there, the 22nd is today
    const newYork: StartClock = { ...CLOCK, timeZone: 'America/New_York' };
    expect(given().when(form({ start: '2026-11-22' }), asParent, newYork).thenPlanned().data.start).toBe('2026-11-22');
    given().when(form({ start: '2026-11-30' }), asParent, { ...CLOCK, now: Date.parse('2026-12-01T00:00:00+08:00') }).thenRefused(400, 'validation.dayReadingStartPast');
  });

  it('refuses a day past before anything it read', () => {
    given(applicantRead({ candidates: [] })).when(form({ start: '2026-01-01' })).thenRefused(400, 'validation.dayReadingStartPast');
  });

  it('a student applies for themself; administrators stand in for an office that is only the applicant', () => {
    const read = applicantRead({ candidates: [candidate({ self: true })], office: [STUDENT_USER] });
    expect(given(read).when(form(), asStudent).thenPlanned()).toMatchObject({ data: { route: { office: [STUDENT_USER, 'u-admin'] } }, owners: [STUDENT_USER, STUDENT_USER, PARENT_USER] });
  });

  it.each(applicantRefusals({ notApplicant: 'workflow.notStudentOrParent', chooseChild: 'validation.childRequired' }, { pictures: false }))(
    'refuses $name ($status $key)',
    ({ read, actor, studentId, status, key }) => {
      given(read).when(form({ studentId }), actor).thenRefused(status, key);
    },
  );
});
