import { describe, expect, it } from '@jest/globals';
import type { LessonPeriod } from '@schoolflow/contracts';
import { fold } from '@schoolflow/workflows';
import { classSwapFlow } from '@schoolflow/workflows/class-swap/class-swap.flow.js';
import type { ClassSwapForm } from '@schoolflow/workflows/class-swap/class-swap.form.js';
import type { CalendarLesson } from '../../timetable/domain/lesson-calendar.js';
import { planned } from '../../workflow/testing/start-planning.js';
import { type ClassSwapRead, planClassSwapStart } from './class-swap.start.js';

// 调课's start decided on what it read (no database): given the read, when the applicant's form is planned, then the
// plan or the refusal the server answers. 2026-12-07 is a Monday of teaching week 15.
const CLOCK = { now: Date.parse('2026-12-01T08:30:00+08:00'), timeZone: 'Asia/Shanghai' };
const PERIODS: LessonPeriod[] = [
  { no: 1, name: '早读', start: '07:30', end: '08:10', part: 'morning' },
  { no: 2, name: '第2节', start: '08:20', end: '09:00', part: 'morning' },
  { no: 3, name: '第3节', start: '09:10', end: '09:50', part: 'morning' },
];
const CLASS_NAME = { zh: '高一(1)班', en: 'Grade 10 Class 1' };
const SEMESTER = { id: 'sem', teachingStart: '2026-09-01', teachingEnd: '2027-01-20' };

const lesson = (over: Partial<CalendarLesson> & Pick<CalendarLesson, 'id' | 'date' | 'period' | 'teacherId'>): CalendarLesson => ({
  section: 'c1',
  classId: 'c1',
  teachingClassId: null,
  courseId: 'maths',
  classroomId: 'r1',
  change: null,
  changeId: null,
  pending: false,
  leaving: false,
  courseName: '数学',
  teacherName: over.teacherId,
  className: '高一(1)班',
  classroomName: 'A101',
  ofClass: true,
  ...over,
});
/** The applicant's lesson at the source; the other teacher's at the target. */
const MINE = lesson({ id: 'l-me', date: '2026-12-07', period: 2, teacherId: 'me', teacherName: '王老师' });
const THEIRS = lesson({ id: 'l-b', date: '2026-12-08', period: 3, teacherId: 'b', teacherName: '李老师', courseId: 'chinese', courseName: '语文' });

const FORM: ClassSwapForm = { classId: 'c1', fromDate: '2026-12-07', fromPeriod: 2, toDate: '2026-12-08', toPeriod: 3, reason: '外出教研' };
const READ: ClassSwapRead = {
  class: { id: 'c1', name: CLASS_NAME, headTeacherId: 'ht', classroomId: 'r1', size: 40, audience: ['s1', 'p1'] },
  fromSemester: SEMESTER,
  toSemester: SEMESTER,
  periods: PERIODS,
  office: ['off1'],
  admin: ['adm'],
  around: { lessons: [MINE, THEIRS], loaned: [] },
  courseNames: { maths: { zh: '数学', en: 'Mathematics' }, chinese: { zh: '语文', en: 'Chinese' } },
};

const given = (read: Partial<ClassSwapRead> = {}) => ({
  when: (form: Partial<ClassSwapForm> = {}, actor = 'me') => planned(() => planClassSwapStart({ ...FORM, ...form }, { ...READ, ...read }, { userId: actor }, CLOCK)),
});
const around = (...lessons: CalendarLesson[]) => ({ around: { lessons, loaned: [] } });

describe('class-swap start: given what it read / when planned / then', () => {
  it('a swap with another teacher: they consent first, then the office; both lessons held, each room booked where its lesson goes', () => {
    const plan = given().when().thenPlanned();
    expect(plan).toMatchObject({ studentId: null, owners: ['me'], reviewers: ['b', 'off1'], attachments: [] });
    expect(plan.data).toMatchObject({
      studentId: null,
      studentUserId: null,
      classId: 'c1',
      className: CLASS_NAME,
      fromPeriodName: { zh: '第2节', en: 'Period 2' },
      toPeriodName: { zh: '第3节', en: 'Period 3' },
      week: 15,
      startsAt: '2026-12-07T00:20:00.000Z',
      lesson: { id: 'l-me', courseId: 'maths', courseName: { zh: '数学', en: 'Mathematics' }, teacherId: 'me', teacherName: '王老师', classroomId: 'r1' },
      other: { id: 'l-b', courseName: { zh: '语文', en: 'Chinese' }, teacherId: 'b', teacherName: '李老师' },
      audience: ['s1', 'p1'],
      route: { teacher: ['b'], office: ['off1'] },
    });
    expect(plan.hold?.lesson_change?.map((r) => [r.kind, r.date, r.period, r.teacher_id])).toEqual([
      ['remove', '2026-12-07', 2, 'me'],
      ['add', '2026-12-08', 3, 'me'],
      ['remove', '2026-12-08', 3, 'b'],
      ['add', '2026-12-07', 2, 'b'],
    ]);
    expect(plan.hold?.classroom_booking).toEqual([
      { classroom_id: 'r1', period: '["2026-12-08T01:10:00.000Z","2026-12-08T01:50:00.000Z")' },
      { classroom_id: 'r1', period: '["2026-12-07T00:20:00.000Z","2026-12-07T01:00:00.000Z")' },
    ]);
    expect(plan.refusals?.lesson_change_add_teacher).toBe('timetable.errors.clash');
  });

  it('a move to a free period: nobody to consent, the office decides; the week is the earlier date’s', () => {
    const plan = given(around(MINE)).when({ toDate: '2026-12-04', toPeriod: 3 }).thenPlanned();
    expect(plan.reviewers).toEqual(['off1']);
    expect(plan.data).toMatchObject({ other: null, route: { teacher: [], office: ['off1'] }, week: 14, startsAt: '2026-12-04T01:10:00.000Z' });
    expect(plan.hold?.lesson_change?.map((r) => r.kind)).toEqual(['remove', 'add']);
  });

  it('a swap with one’s own lesson asks nobody to consent; an office that is only the applicant has the administrators stand in', () => {
    const plan = given({ ...around(MINE, { ...THEIRS, teacherId: 'me' }), office: ['me'] }).when().thenPlanned();
    expect(plan.data).toMatchObject({ route: { teacher: [], office: ['me', 'adm'] } });
    expect(plan.reviewers).toEqual(['me', 'adm']);
  });

  it('a course not read by name keeps the timetable’s name in both languages', () => {
    const plan = given({ courseNames: {} }).when().thenPlanned();
    expect(plan.data).toMatchObject({ lesson: { courseName: { zh: '数学', en: '数学' } } });
  });

  it('the same lesson twice is the machine’s rule, not the planner’s: the plan is made, and the machine refuses its start (the engine answers that)', () => {
    const plan = given().when({ toDate: FORM.fromDate, toPeriod: FORM.fromPeriod }).thenPlanned();
    const refusal = classSwapFlow.refusal(fold(classSwapFlow.machine, []), { ...plan.data, type: classSwapFlow.startEvent, actorId: 'me' } as never);
    expect(refusal).toEqual({ kind: 'impossible', reason: 'timetable.errors.samePeriod' });
  });

  it('refuses a date already past, a class that does not exist, a date outside the teaching weeks', () => {
    given().when({ fromDate: '2026-11-30' }).thenRefused(422, 'timetable.errors.dateInPast', { date: '2026-11-30' });
    given().when({ toDate: '2026-11-29' }).thenRefused(422, 'timetable.errors.dateInPast', { date: '2026-11-29' });
    given({ class: null }).when().thenRefused(422, 'timetable.errors.sectionNotFound');
    given({ fromSemester: null }).when().thenRefused(422, 'timetable.errors.dateOutsideTeaching', { date: '2026-12-07' });
    given({ toSemester: null }).when().thenRefused(422, 'timetable.errors.dateOutsideTeaching', { date: '2026-12-08' });
  });

  it('refuses a period the school does not have, and one that has begun', () => {
    given().when({ toPeriod: 9 }).thenRefused(422, 'timetable.errors.periodMissing', { period: 9 });
    given(around({ ...MINE, date: '2026-12-01', period: 1 })).when({ fromDate: '2026-12-01', fromPeriod: 1 }).thenRefused(422, 'timetable.errors.periodBegun', { date: '2026-12-01', period: 1 });
  });

  it('refuses when there is no lesson of the class at the source, and (403) when it is someone else’s', () => {
    given(around(THEIRS)).when().thenRefused(422, 'timetable.errors.noLessonThere', { date: '2026-12-07', period: 2, section: CLASS_NAME });
    // another class's lesson there is not the class's
    given(around({ ...MINE, classId: 'c2', section: 'c2' })).when().thenRefused(422, 'timetable.errors.noLessonThere', { date: '2026-12-07', period: 2, section: CLASS_NAME });
    given().when({}, 'b').thenRefused(403, 'timetable.errors.notYourLesson');
  });

  it('refuses a place another request under review is changing, and a lesson a change put there', () => {
    given(around(MINE, THEIRS, { ...THEIRS, id: 'l-new', pending: true, change: 'make-up' })).when().thenRefused(422, 'timetable.errors.lessonHeld', { date: '2026-12-08', period: 3 });
    given(around({ ...MINE, leaving: true }, THEIRS)).when().thenRefused(422, 'timetable.errors.lessonHeld', { date: '2026-12-07', period: 2 });
    given(around(MINE, { ...THEIRS, change: 'swap', changeId: 'i1' })).when().thenRefused(422, 'timetable.errors.lessonChanged', { date: '2026-12-08', period: 3 });
  });

  it('refuses naming a teacher when nobody teaches the target, or someone else does', () => {
    given(around(MINE)).when({ withTeacherId: 'b' }).thenRefused(422, 'timetable.errors.noLessonThere', { date: '2026-12-08', period: 3, section: CLASS_NAME });
    given().when({ withTeacherId: 'c' }).thenRefused(422, 'timetable.errors.withTeacherMismatch', { teacher: '李老师' });
    expect(given().when({ withTeacherId: 'b' }).thenPlanned().reviewers).toEqual(['b', 'off1']);
  });

  it('上课时间冲突: the applicant busy at the target, the other teacher at the source, a room taken by another lesson or a loan', () => {
    const elsewhere = { classId: 'c2', section: 'c2', ofClass: false };
    const busyMe = lesson({ id: 'x1', date: '2026-12-08', period: 3, teacherId: 'me', classroomId: 'r2', ...elsewhere });
    expect(given(around(MINE, THEIRS, busyMe)).when().thenRefused(422, 'timetable.errors.clash').data).toEqual({ clashes: [{ date: '2026-12-08', period: 3, kind: 'teacher' }] });
    const busyB = lesson({ id: 'x2', date: '2026-12-07', period: 2, teacherId: 'b', classroomId: 'r2', ...elsewhere });
    expect(given(around(MINE, THEIRS, busyB)).when().thenRefused(422, 'timetable.errors.clash').data).toEqual({ clashes: [{ date: '2026-12-07', period: 2, kind: 'teacher' }] });
    const room = lesson({ id: 'x3', date: '2026-12-04', period: 3, teacherId: 'c', ...elsewhere });
    expect(given(around(MINE, room)).when({ toDate: '2026-12-04' }).thenRefused(422, 'timetable.errors.clash').data).toEqual({ clashes: [{ date: '2026-12-04', period: 3, kind: 'room' }] });
    const loaned = { around: { lessons: [MINE], loaned: [{ date: '2026-12-04', period: 3, classroomId: 'r1' }] } };
    expect(given(loaned).when({ toDate: '2026-12-04' }).thenRefused(422, 'timetable.errors.clash').data).toEqual({ clashes: [{ date: '2026-12-04', period: 3, kind: 'room' }] });
    // a loan of another room, or of the room at another time, is none of the swap's
    given({ around: { lessons: [MINE], loaned: [{ date: '2026-12-04', period: 3, classroomId: 'r2' }, { date: '2026-12-04', period: 2, classroomId: 'r1' }] } }).when({ toDate: '2026-12-04' }).thenPlanned();
  });
});
