import { describe, expect, it } from '@jest/globals';
import { planned } from '../../workflow/testing/start-planning.js';
import { type ClassroomLoanForm, type ClassroomLoanRead, type LoanTime, loanTime, planClassroomLoanStart } from './classroom-loan.start.js';

// 教室借用's start decided without a database: its time (given the clock), then the plan on what it read (given the
// read) — the plan or the refusal the server answers.
const CLOCK = { now: Date.parse('2026-12-01T08:30:00+08:00'), timeZone: 'Asia/Shanghai' };
const FORM: ClassroomLoanForm = { classroomId: 'r1', start: '2026-12-03 14:00', end: '2026-12-03 16:00', purpose: '社团活动' };
const TIME: LoanTime = { start: '2026-12-03T06:00:00.000Z', end: '2026-12-03T08:00:00.000Z' };
const READ: ClassroomLoanRead = { room: { id: 'r1', name: 'A101', lendable: true, enabled: true }, busy: false, office: ['off1'], admin: ['adm'] };

/** When the loan's time is decided. */
const whenTimed = (form: Partial<ClassroomLoanForm> = {}) => planned(() => loanTime({ ...FORM, ...form }, CLOCK));
const given = (read: Partial<ClassroomLoanRead> = {}) => ({
  when: (form: Partial<ClassroomLoanForm> = {}, actor = 'me') => planned(() => planClassroomLoanStart({ ...FORM, ...form }, { ...READ, ...read }, { userId: actor }, TIME)),
});

describe('classroom-loan start: its time, given the clock', () => {
  it('the form’s school times as instants', () => {
    expect(whenTimed().thenPlanned()).toEqual(TIME);
  });

  it('refuses a time that is not one, an end not after the start, a time outside the window applications may cover (400)', () => {
    whenTimed({ start: '2026-12-33 14:00' }).thenRefused(400, 'validation.timeInvalid');
    whenTimed({ end: '2026-12-03 13:00' }).thenRefused(400, 'validation.endBeforeStart');
    whenTimed({ end: FORM.start }).thenRefused(400, 'validation.endBeforeStart');
    whenTimed({ start: '2028-01-04 08:00', end: '2028-01-04 09:00' }).thenRefused(400, 'validation.outsideWindow', { from: '2026-06-01', to: '2027-12-02' });
  });

  it('refuses a loan that has begun (400): it would wait for the office past its own start', () => {
    whenTimed({ start: '2026-12-01 08:00', end: '2026-12-01 09:00' }).thenRefused(400, 'validation.loanStartPast');
    whenTimed({ start: '2026-12-01 08:30', end: '2026-12-01 09:00' }).thenRefused(400, 'validation.loanStartPast');
    expect(whenTimed({ start: '2026-12-01 08:31', end: '2026-12-01 09:00' }).thenPlanned().start).toBe('2026-12-01T00:31:00.000Z');
  });
});

describe('classroom-loan start: given what it read / when planned / then', () => {
  it('a lendable room free then: the office decides; the room booked for that time with the instance', () => {
    const plan = given().when().thenPlanned();
    expect(plan).toEqual({
      data: { studentId: null, studentUserId: null, classroomId: 'r1', classroomName: 'A101', start: TIME.start, end: TIME.end, purpose: '社团活动', remark: null, route: { office: ['off1'] } },
      studentId: null,
      owners: ['me'],
      reviewers: ['off1'],
      attachments: [],
      hold: { classroom_booking: [{ classroom_id: 'r1', period: `["${TIME.start}","${TIME.end}")` }] },
      refusals: { classroom_booking_no_overlap: 'workflow.classroomTaken' },
    });
  });

  it('keeps a remark, not an empty one; an office that is only the applicant has the administrators stand in', () => {
    expect(given().when({ remark: '需要投影' }).thenPlanned().data.remark).toBe('需要投影');
    expect(given().when({ remark: '' }).thenPlanned().data.remark).toBeNull();
    expect(given({ office: ['me'] }).when().thenPlanned().reviewers).toEqual(['me', 'adm']);
  });

  it('refuses a room that does not exist, is disabled or is not lendable', () => {
    given({ room: null }).when().thenRefused(422, 'workflow.classroomNotLendable');
    given({ room: { id: 'r1', name: 'A101', lendable: true, enabled: false } }).when().thenRefused(422, 'workflow.classroomNotLendable');
    given({ room: { id: 'r1', name: 'A101', lendable: false, enabled: true } }).when().thenRefused(422, 'workflow.classroomNotLendable');
  });

  it('refuses a room a lesson holds then (the timetable’s, a make-up’s, a swap’s)', () => {
    given({ busy: true }).when().thenRefused(422, 'workflow.classroomTaken');
  });
});
