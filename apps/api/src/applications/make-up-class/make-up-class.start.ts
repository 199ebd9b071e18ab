import { type BothNames, type LessonPeriod, weekOfDate } from '@schoolflow/contracts';
import type { MakeUpClassForm } from '@schoolflow/workflows/make-up-class/make-up-class.form.js';
import type { MakeUpClassDrafted } from '@schoolflow/workflows/make-up-class/make-up-class.machine.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { type CalendarDb, LESSON_PERIODS_COLUMN, type TeachingSemester, teachingSemesterSql } from '../../timetable/domain/lesson-calendar.js';
import { type RoomFacts, roomFault } from '../../timetable/domain/room-rule.js';
import type { StartClock, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { type ChangeClass, changeClassSql, type ChangeSurroundings, holdChanges, NOTHING_AROUND, type Placement, readSurroundings, refuseClashes, refusePastDates, roomSlotsOf, whenItBegins } from '../shared/lesson-changes.js';
import { roleHoldersSql, withStandIns } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

/**
 * 补课's start (docs/product/workflows.md#make-up-class), read then decided: `readMakeUpClassStart` reads all the start
 * needs, `planMakeUpClassStart` decides on it alone — its refusals and the draft it saves.
 */

/** Everything a make-up's start reads. */
export interface MakeUpClassRead {
  /** The class (with whom it concerns), or null: no such class. */
  class: ChangeClass | null;
  course: { id: string; name: BothNames } | null;
  /** The semester whose teaching weeks hold the date, or null. */
  semester: TeachingSemester | null;
  /** Whether the applicant teaches that course to that class in that semester. */
  assigned: boolean;
  /** The room: the one chosen, else the class's own; null when there is none such. */
  room: (RoomFacts & { id: string }) | null;
  /** The school's periods. */
  periods: LessonPeriod[];
  /** The applicant's name. */
  teacher: string;
  /** The office and the administrators (who stand in). */
  office: string[];
  admin: string[];
  /** What the make-up's lessons would meet on the date: the class's, the applicant's and the room's lessons, the room's loans. */
  around: ChangeSurroundings;
}

// Everything but the surroundings in one round trip: the class (with whom it concerns), the course, the semester whose
// teaching dates hold the date, whether the applicant teaches that course to that class then, the room (the chosen one,
// else the class's own), the school's periods, the applicant's name and the office (administrators stand in).
const START_SQL = `WITH sem AS (${teachingSemesterSql('$3')})
SELECT ${changeClassSql('$1')},
       (SELECT json_build_object('id', co.id, 'name', json_build_object('zh', co.name, 'en', coalesce(nullif(co.name_en, ''), co.name))) FROM course co WHERE co.id = $2::uuid) AS course,
       (SELECT row_to_json(sem) FROM sem) AS semester,
       EXISTS (SELECT 1 FROM teaching_assignment ta JOIN sem ON sem.id = ta.semester_id WHERE ta.teacher_id = $4::uuid AND ta.class_id = $1::uuid AND ta.course_id = $2::uuid) AS assigned,
       (SELECT json_build_object('id', r.id, 'name', r.name, 'seats', r.seats, 'usable', r.for_classes AND r.enabled) FROM classroom r
         WHERE r.id = coalesce($5::uuid, (SELECT classroom_id FROM admin_class WHERE id = $1::uuid))) AS room,
       ${LESSON_PERIODS_COLUMN},
       (SELECT name FROM sys_user WHERE id = $4::uuid) AS teacher,
       ${roleHoldersSql(['office', 'admin'])}`;

type StartRow = Omit<MakeUpClassRead, 'around'>;

/** The lessons a make-up places: each period of the date, the applicant's, in the room (if any). */
const placementsOf = (form: MakeUpClassForm, classId: string, teacherId: string, classroomId: string | null): Placement[] =>
  form.periods.map((period) => ({ date: form.date, period, section: classId, teacherId, classroomId }));

/** Reads a make-up's start: the class, course, semester, assignment, room, periods, names and office; then what its lessons would meet. */
export async function readMakeUpClassStart(db: CalendarDb, form: MakeUpClassForm, actor: Pick<Principal, 'userId'>, timeZone: string): Promise<MakeUpClassRead> {
  const [row] = await db.query<StartRow[]>(START_SQL, [form.classId, form.courseId, form.date, actor.userId, form.classroomId ?? null]);
  const read = { class: row?.class ?? null, course: row?.course ?? null, semester: row?.semester ?? null, assigned: row?.assigned === true, room: row?.room ?? null, periods: row?.periods ?? [], teacher: row?.teacher ?? '', office: row?.office ?? [], admin: row?.admin ?? [] };
  if (!read.class) return { ...read, around: NOTHING_AROUND };
  const roomId = read.room?.id ?? null;
  const placed = placementsOf(form, read.class.id, actor.userId, roomId);
  const around = await readSurroundings(db, { classId: read.class.id, dates: [form.date], teacherIds: [actor.userId], classroomIds: roomId ? [roomId] : [], slots: roomSlotsOf(placed) }, timeZone);
  return { ...read, around };
}

/**
 * Decides a make-up's start on what was read, purely: the date is not past, the class and the course exist, the date
 * is in a semester's teaching weeks and the applicant teaches that course to that class then (403 otherwise), the
 * periods exist and the first has not begun, the room passes the timetable's one room rule, nothing is there at that
 * time (the class's, the teacher's or the room's lessons, pending changes included, or a loan of the room) and the
 * class has a head teacher to review it. The plan: the draft, its people and the hold of the periods and the room.
 */
export function planMakeUpClassStart(form: MakeUpClassForm, read: MakeUpClassRead, actor: Pick<Principal, 'userId'>, clock: StartClock): StartPlan {
  refusePastDates([form.date], clock.timeZone, clock.now);
  const cls = read.class;
  if (!cls) throw ApplicationErrors.sectionUnknown();
  const course = read.course;
  if (!course) throw ApplicationErrors.courseUnknown();
  if (!read.semester) throw ApplicationErrors.dateOutsideTeaching(form.date);
  // who asks: only the course's teacher of that class in that semester (403: not theirs to ask for)
  if (!read.assigned) throw ApplicationErrors.notAssignedToCourse(cls.name, course.name);
  const begins = whenItBegins(
    form.periods.map((period) => ({ date: form.date, period })),
    read.periods,
    clock.timeZone,
    clock.now,
  );
  // the chosen room, else the class's own (a class without one has its make-up where the office puts it)
  const roomId = form.classroomId ?? cls.classroomId;
  // the class named in the reader's language: a refusal's parameter kept in both is read in theirs when it is answered
  // (the room rule types the name as the text it becomes)
  const fault = roomId ? roomFault(read.room ?? undefined, roomId, { name: cls.name, size: cls.size }) : null;
  if (fault) throw fault;
  const classroomId = read.room?.id ?? null;
  refuseClashes(cls.id, placementsOf(form, cls.id, actor.userId, classroomId), read.around);
  if (!cls.headTeacherId) throw ApplicationErrors.noHeadTeacherOfClass(cls.name);

  const office = withStandIns(read.office, read.admin, actor.userId);
  const data: Omit<MakeUpClassDrafted, 'type' | 'actorId'> = {
    studentId: null, // the subject is a class
    studentUserId: null,
    classId: cls.id,
    className: cls.name,
    courseId: course.id,
    courseName: course.name,
    date: form.date,
    week: weekOfDate(read.semester.teachingStart, form.date),
    periods: form.periods,
    periodNames: begins.names,
    startsAt: begins.startsAt,
    classroomId,
    classroomName: read.room?.name ?? null,
    reason: form.reason,
    teacherName: read.teacher,
    audience: cls.audience,
    route: { headTeacher: [cls.headTeacherId], office },
  };
  const hold = holdChanges(
    'make-up-class',
    form.periods.map((period) => ({ kind: 'add', date: form.date, period, classId: cls.id, courseId: course.id, teacherId: actor.userId, classroomId })),
    read.periods,
    clock.timeZone,
  );
  return {
    data,
    studentId: null, // the subject is a class
    owners: [actor.userId],
    reviewers: [cls.headTeacherId, ...office],
    attachments: [],
    ...hold,
  };
}
