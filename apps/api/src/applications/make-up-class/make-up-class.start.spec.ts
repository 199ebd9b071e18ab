import { describe, expect, it } from '@jest/globals';
import type { LessonPeriod } from '@schoolflow/contracts';
import type { MakeUpClassForm } from '@schoolflow/workflows/make-up-class/make-up-class.form.js';
import type { CalendarLesson } from '../../timetable/domain/lesson-calendar.js';
import { planned } from '../../workflow/testing/start-planning.js';
import { type MakeUpClassRead, planMakeUpClassStart } from './make-up-class.start.js';

// 补课's start decided on what it read (no database): given the read, when the teacher's form is planned, then the
// draft's plan or the refusal the server answers. 2026-12-05 is the Saturday of teaching week 14.
const CLOCK = { now: Date.parse('2026-12-01T08:30:00+08:00'), timeZone: 'Asia/Shanghai' };
const PERIODS: LessonPeriod[] = [
  { no: 1, name: '早读', start: '07:30', end: '08:10', part: 'morning' },
  { no: 2, name: '第2节', start: '08:20', end: '09:00', part: 'morning' },
  { no: 3, name: '第3节', start: '09:10', end: '09:50', part: 'morning' },
];
const CLASS_NAME = { zh: '高一(1)班', en: 'Grade 10 Class 1' };
const MATHS = { zh: '数学', en: 'Mathematics' };

const FORM: MakeUpClassForm = { classId: 'c1', courseId: 'maths', date: '2026-12-05', periods: [2, 3], reason: '补课' };
const READ: MakeUpClassRead = {
  class: { id: 'c1', name: CLASS_NAME, headTeacherId: 'ht', classroomId: 'r1', size: 40, audience: ['s1', 'p1'] },
  course: { id: 'maths', name: MATHS },
  semester: { id: 'sem', teachingStart: '2026-09-01', teachingEnd: '2027-01-20' },
  assigned: true,
  room: { id: 'r1', name: 'A101', seats: 45, usable: true },
  periods: PERIODS,
  teacher: '王老师',
  office: ['off1'],
  admin: ['adm'],
  around: { lessons: [], loaned: [] },
};

const given = (read: Partial<MakeUpClassRead> = {}) => ({
  when: (form: Partial<MakeUpClassForm> = {}, actor = 'me') => planned(() => planMakeUpClassStart({ ...FORM, ...form }, { ...READ, ...read }, { userId: actor }, CLOCK)),
});
const classOf = (over: Partial<NonNullable<MakeUpClassRead['class']>>) => ({ class: { ...(READ.class as NonNullable<MakeUpClassRead['class']>), ...over } });
/** A lesson already on 2026-12-05, period 2: another class's, another teacher's, in another room — unless said otherwise. */
const there = (over: Partial<CalendarLesson>): CalendarLesson => ({
  id: 'x',
  date: '2026-12-05',
  period: 2,
  section: 'c2',
  classId: 'c2',
  teachingClassId: null,
  courseId: 'chinese',
  teacherId: 'b',
  classroomId: 'r2',
  change: null,
  changeId: null,
  pending: false,
  leaving: false,
  courseName: '语文',
  teacherName: '李老师',
  className: '高一(2)班',
  classroomName: 'A102',
  ofClass: false,
  ...over,
});
const around = (...lessons: CalendarLesson[]) => ({ around: { lessons, loaned: [] } });

describe('make-up-class start: given what it read / when planned / then', () => {
  it('a draft in the class’s own room: the head teacher then the office; the periods and the room held', () => {
    const plan = given().when().thenPlanned();
    expect(plan).toMatchObject({ studentId: null, owners: ['me'], reviewers: ['ht', 'off1'], attachments: [] });
    expect(plan.data).toEqual({
      studentId: null,
      studentUserId: null,
      classId: 'c1',
      className: CLASS_NAME,
      courseId: 'maths',
      courseName: MATHS,
      date: '2026-12-05',
      week: 14,
      periods: [2, 3],
      periodNames: [
        { zh: '第2节', en: 'Period 2' },
        { zh: '第3节', en: 'Period 3' },
      ],
      startsAt: '2026-12-05T00:20:00.000Z',
      classroomId: 'r1',
      classroomName: 'A101',
      reason: '补课',
      teacherName: '王老师',
      audience: ['s1', 'p1'],
      route: { headTeacher: ['ht'], office: ['off1'] },
    });
    expect(plan.hold?.lesson_change).toEqual([
      { flow: 'make-up-class', kind: 'add', date: '2026-12-05', period: 2, class_id: 'c1', course_id: 'maths', teacher_id: 'me', classroom_id: 'r1' },
      { flow: 'make-up-class', kind: 'add', date: '2026-12-05', period: 3, class_id: 'c1', course_id: 'maths', teacher_id: 'me', classroom_id: 'r1' },
    ]);
    expect(plan.hold?.classroom_booking).toEqual([
      { classroom_id: 'r1', period: '["2026-12-05T00:20:00.000Z","2026-12-05T01:00:00.000Z")' },
      { classroom_id: 'r1', period: '["2026-12-05T01:10:00.000Z","2026-12-05T01:50:00.000Z")' },
    ]);
  });

  it('a chosen room is the make-up’s; a class without a room and none chosen books none', () => {
    expect(given({ room: { id: 'r9', name: 'B201', seats: 50, usable: true } }).when({ classroomId: 'r9' }).thenPlanned().data).toMatchObject({ classroomId: 'r9', classroomName: 'B201' });
    const roomless = given({ ...classOf({ classroomId: null }), room: null }).when().thenPlanned();
    expect(roomless.data).toMatchObject({ classroomId: null, classroomName: null });
    expect(roomless.hold?.classroom_booking).toBeUndefined();
  });

  it('an office that is only the applicant has the administrators stand in', () => {
    expect(given({ office: ['me'] }).when().thenPlanned().reviewers).toEqual(['ht', 'me', 'adm']);
  });

  it('refuses a date already past, an unknown class or course, a date outside the teaching weeks', () => {
    given().when({ date: '2026-11-30' }).thenRefused(422, 'timetable.errors.dateInPast', { date: '2026-11-30' });
    given({ class: null }).when().thenRefused(422, 'timetable.errors.sectionNotFound');
    given({ course: null }).when().thenRefused(422, 'timetable.errors.courseNotFound');
    given({ semester: null }).when().thenRefused(422, 'timetable.errors.dateOutsideTeaching', { date: '2026-12-05' });
  });

  it('refuses (403) one who does not teach that course to that class then', () => {
    given({ assigned: false }).when().thenRefused(403, 'timetable.errors.notAssignedToCourse', { section: CLASS_NAME, course: MATHS });
  });

  it('refuses a period the school does not have, and a first period that has begun', () => {
    given().when({ periods: [2, 9] }).thenRefused(422, 'timetable.errors.periodMissing', { period: 9 });
    given().when({ date: '2026-12-01', periods: [1, 3] }).thenRefused(422, 'timetable.errors.periodBegun', { date: '2026-12-01', period: 1 });
  });

  it('refuses a room that is no classroom for lessons (or none such), and one too small for the class (400, the room rule)', () => {
    given({ room: null }).when({ classroomId: 'r404' }).thenRefused(400, 'timetable.errors.notAClassroom', { room: 'r404' });
    given({ room: { id: 'r9', name: 'Z901 储藏室', seats: 50, usable: false } }).when({ classroomId: 'r9' }).thenRefused(400, 'timetable.errors.notAClassroom', { room: 'Z901 储藏室' });
    given({ room: { id: 'r9', name: 'Z902 小教室', seats: 12, usable: true } }).when({ classroomId: 'r9' }).thenRefused(400, 'timetable.errors.roomTooSmall', { room: 'Z902 小教室', seats: 12, section: CLASS_NAME, size: 40 });
  });

  it('上课时间冲突: the class (or a teaching class its students go to), the teacher or the room busy then, or the room loaned', () => {
    const clash = (read: Partial<MakeUpClassRead>) => given(read).when().thenRefused(422, 'timetable.errors.clash').data;
    expect(clash(around(there({ section: 'c1', classId: 'c1', ofClass: true })))).toEqual({ clashes: [{ date: '2026-12-05', period: 2, kind: 'class' }] });
    expect(clash(around(there({ section: 'tc1', classId: null, teachingClassId: 'tc1', ofClass: true })))).toEqual({ clashes: [{ date: '2026-12-05', period: 2, kind: 'class' }] });
    expect(clash(around(there({ teacherId: 'me', period: 3 })))).toEqual({ clashes: [{ date: '2026-12-05', period: 3, kind: 'teacher' }] });
    expect(clash(around(there({ classroomId: 'r1' })))).toEqual({ clashes: [{ date: '2026-12-05', period: 2, kind: 'room' }] });
    expect(clash({ around: { lessons: [], loaned: [{ date: '2026-12-05', period: 3, classroomId: 'r1' }] } })).toEqual({ clashes: [{ date: '2026-12-05', period: 3, kind: 'room' }] });
    // another period, another class's lesson elsewhere by someone else: nothing in the way
    given(around(there({ period: 1, teacherId: 'me' }), there({}))).when().thenPlanned();
  });

  it('refuses a class without a head teacher to review it', () => {
    given(classOf({ headTeacherId: null })).when().thenRefused(422, 'timetable.errors.noHeadTeacher', { section: CLASS_NAME });
  });
});
