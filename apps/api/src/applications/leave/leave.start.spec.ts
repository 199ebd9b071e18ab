import { describe, expect, it } from '@jest/globals';
import type { LeaveForm } from '@schoolflow/contracts';
import type { StartClock } from '../shared/student-applicant.js';
import {
  applicantRead,
  applicantRefusals,
  asParent,
  asStudent,
  candidate,
  CLOCK,
  HEAD_TEACHER,
  PARENT_USER,
  picture,
  STUDENT_USER,
  planned,
} from '../shared/start-testing.js';
import { type LeaveStartRead, planLeaveStart } from './leave.start.js';

const form = (over: Partial<LeaveForm> = {}): LeaveForm => ({ type: 'personal', start: '2026-11-24 08:00', end: '2026-11-25 17:00', reason: '家中有事', ...over });
const reads = (over: Partial<LeaveStartRead> = {}): LeaveStartRead => ({ ...applicantRead(), threshold: null, ...over });

/** given what the start read / when a form is planned (by whom, at what moment) / then the plan or the refusal. */
const given = (read: LeaveStartRead = reads()) => ({
  when: (f: LeaveForm, actor = asParent, clock: StartClock = CLOCK) => planned(() => planLeaveStart(f, read, actor, clock)),
});

describe('a leave’s start: given the reads / when planned / then', () => {
  it('a parent’s leave for their only child: the data the machine folds, the route head teacher → office → principal', () => {
    const plan = given().when(form()).thenPlanned();
    expect(plan).toEqual({
      data: {
        studentId: 's1',
        studentUserId: STUDENT_USER,
        leaveType: 'personal',
        start: '2026-11-24T00:00:00.000Z',
        end: '2026-11-25T09:00:00.000Z',
        durationHours: 33,
        durationDays: 1.4,
        reason: '家中有事',
        attachments: [],
        route: { headTeacher: [HEAD_TEACHER], office: ['u-office'], principal: ['u-principal'] },
        thresholdDays: 3,
      },
      studentId: 's1',
      owners: [PARENT_USER, STUDENT_USER, PARENT_USER],
      reviewers: [HEAD_TEACHER, 'u-office', 'u-principal'],
      attachments: [],
    });
  });

  it('a student applies for themself; a parent names a child by id or student number', () => {
    expect(given(reads({ candidates: [candidate({ self: true })] })).when(form(), asStudent).thenPlanned().studentId).toBe('s1');
    expect(given(reads({ candidates: [candidate({ self: true })] })).when(form({ studentId: '2026001' }), asStudent).thenPlanned().studentId).toBe('s1');
    const two = reads({ candidates: [candidate(), candidate({ id: 's2', student_no: '2026002' })] });
    expect(given(two).when(form({ studentId: 's2' })).thenPlanned().studentId).toBe('s2');
    expect(given(two).when(form({ studentId: '2026002' })).thenPlanned().studentId).toBe('s2');
  });

  it('the school’s threshold is kept with the request (3 days when unset)', () => {
    expect(given(reads({ threshold: '5' })).when(form()).thenPlanned().data.thresholdDays).toBe(5);
    expect(given(reads({ threshold: null })).when(form()).thenPlanned().data.thresholdDays).toBe(3);
  });

  it('the declared holidays the period covers are not counted (docs/adr/0048-public-holidays.md#day-count)', () => {
    // 24 Nov 08:00 → 25 Nov 17:00 is 33 h; 25 November a holiday: its 17 hours off
    expect(given(reads({ holidays: ['2026-11-25'] })).when(form()).thenPlanned().data).toMatchObject({ durationHours: 16, durationDays: 0.7 });
    expect(given(reads({ holidays: ['2026-12-25'] })).when(form()).thenPlanned().data).toMatchObject({ durationHours: 33, durationDays: 1.4 });
  });

  it('pictures: each once, the applicant’s own JPG or PNG', () => {
    const read = reads({ files: [picture('p1'), picture('p2', { mime: 'image/png' })] });
    const plan = given(read).when(form({ attachments: ['p1', 'p2', 'p1'] })).thenPlanned();
    expect(plan.attachments).toEqual(['p1', 'p2']);
    expect(plan.data.attachments).toEqual(['p1', 'p2']);
  });

  it('administrators stand in for a principal who is only the applicant', () => {
    const read = reads({ principal: [PARENT_USER] });
    expect(given(read).when(form()).thenPlanned().data.route).toMatchObject({ principal: [PARENT_USER, 'u-admin'] });
    expect(given(reads({ principal: [] })).when(form()).thenPlanned().data.route).toMatchObject({ principal: ['u-admin'] });
  });

  it('refuses a time it cannot read, an end not after the start, and a period outside the window around the clock', () => {
    given().when(form({ start: 'tomorrow' })).thenRefused(400, 'validation.timeInvalid');
    given().when(form({ end: '2026-11-31 17:00' })).thenRefused(400, 'validation.timeInvalid');
    given().when(form({ end: '2026-11-24 07:00' })).thenRefused(400, 'validation.endBeforeStart');
    given().when(form({ end: '2026-11-24 08:00' })).thenRefused(400, 'validation.endBeforeStart');
    given().when(form({ start: '2026-05-01 08:00', end: '2026-05-02 08:00' })).thenRefused(400, 'validation.outsideWindow', { from: '2026-05-24', to: '2027-11-24' });
    given().when(form({ start: '2027-11-24 08:00', end: '2027-11-25 08:00' })).thenRefused(400, 'validation.outsideWindow', { from: '2026-05-24', to: '2027-11-24' });
  });

  it('the window is the clock’s, not the machine’s: the same leave planned a year later is outside it', () => {
    const later = { ...CLOCK, now: Date.parse('2028-01-10T09:00:00+08:00') };
    given().when(form(), asParent, later).thenRefused(400, 'validation.outsideWindow', { from: '2027-07-11', to: '2029-01-10' });
  });

  it('refuses the period before anything it read (a bad time answers the same whoever applies)', () => {
    given(reads({ candidates: [] })).when(form({ start: 'x' })).thenRefused(400, 'validation.timeInvalid');
  });

  it.each(applicantRefusals({ notApplicant: 'workflow.notApplicant', chooseChild: 'validation.leaveChildRequired' }, { pictures: true }))(
    'refuses $name ($status $key)',
    ({ read, actor, studentId, attachments, status, key }) => {
      given({ ...read, threshold: null }).when(form({ studentId, attachments }), actor).thenRefused(status, key);
    },
  );
});
