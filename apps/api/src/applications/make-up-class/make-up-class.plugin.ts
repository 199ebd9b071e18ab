import { type BothNames, type LessonPeriod, weekOfDate } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { makeUpClassFlow } from '@schoolflow/workflows/make-up-class/make-up-class.flow.js';
import { makeUpClassFormSchema } from '@schoolflow/workflows/make-up-class/make-up-class.form.js';
import type { MakeUpClassContext, MakeUpClassDrafted } from '@schoolflow/workflows/make-up-class/make-up-class.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { LESSON_PERIODS_COLUMN, type TeachingSemester, teachingSemesterSql } from '../../timetable/domain/lesson-calendar.js';
import { type RoomFacts, roomFault } from '../../timetable/domain/room-rule.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { lessonChangeParts } from '../shared/lesson-change-parts.js';
import { type ChangeClass, changeClassSql, changeHold, holdChanges, periodList, refuseClashes, refusePastDates, tellAudience, whenItBegins } from '../shared/lesson-changes.js';
import { reviewMessages } from '../shared/review-messages.js';
import { roleHoldersSql, withStandIns } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';

const definition = makeUpClassFlow as unknown as FlowDefinition;

interface StartRead {
  class: ChangeClass | null;
  course: { id: string; name: BothNames } | null;
  semester: TeachingSemester | null;
  assigned: boolean;
  room: (RoomFacts & { id: string }) | null;
  periods: LessonPeriod[];
  teacher: string;
  office: string[];
  admin: string[];
}

// Everything a start needs in one round trip: the class (with whom it concerns), the course, the semester whose teaching
// dates hold the date, whether the applicant teaches that course to that class then, the room (the chosen one, else the
// class's own), the school's periods, the applicant's name and the office (administrators stand in).
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

/**
 * 补课 on the engine (docs/product/workflows.md#make-up-class). The start checks the form against the school — the date is not past, the class and
 * the course exist, the date is in a semester's teaching weeks and the applicant teaches that course to that class then,
 * the periods exist and the first has not begun, the room passes the timetable's one room rule, and nothing is there at
 * that time (the class's, the teacher's or the room's lessons, pending changes included, or a loan of the room) — and
 * saves the draft holding the periods and the room in its own statement. The head teacher then the office review it;
 * passed, the lessons are the date's; ended otherwise (expired too: nobody decided before the first period began), the
 * periods and the room are free again; the class's students and parents are told once, when it passes.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,
  hold: changeHold(definition),

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(makeUpClassFormSchema, body);
    refusePastDates([form.date], config.timeZone);
    const [row] = (await db.query(START_SQL, [form.classId, form.courseId, form.date, actor.userId, form.classroomId ?? null])) as StartRead[];
    const cls = row?.class;
    if (!row || !cls) throw ApplicationErrors.sectionUnknown();
    const course = row.course;
    if (!course) throw ApplicationErrors.courseUnknown();
    if (!row.semester) throw ApplicationErrors.dateOutsideTeaching(form.date);
    // who asks: only the course's teacher of that class in that semester (403: not theirs to ask for)
    if (!row.assigned) throw ApplicationErrors.notAssignedToCourse(cls.name, course.name);
    const begins = whenItBegins(form.periods.map((period) => ({ date: form.date, period })), row.periods, config.timeZone);
    // the chosen room, else the class's own (a class without one has its make-up where the office puts it)
    const roomId = form.classroomId ?? cls.classroomId;
    // the class named in the reader's language: a refusal's parameter kept in both is read in theirs when it is answered
    // (the room rule types the name as the text it becomes)
    const fault = roomId ? roomFault(row.room ?? undefined, roomId, { name: cls.name, size: cls.size }) : null;
    if (fault) throw fault;
    const classroomId = row.room?.id ?? null;
    await refuseClashes(db, cls.id, form.periods.map((period) => ({ date: form.date, period, section: cls.id, teacherId: actor.userId, classroomId })), config.timeZone);
    if (!cls.headTeacherId) throw ApplicationErrors.noHeadTeacherOfClass(cls.name);

    const office = withStandIns(row.office, row.admin, actor.userId);
    const data: Omit<MakeUpClassDrafted, 'type' | 'actorId'> = {
      studentId: '',
      studentUserId: null,
      classId: cls.id,
      className: cls.name,
      courseId: course.id,
      courseName: course.name,
      date: form.date,
      week: weekOfDate(row.semester.teachingStart, form.date),
      periods: form.periods,
      periodNames: begins.names,
      startsAt: begins.startsAt,
      classroomId,
      classroomName: row.room?.name ?? null,
      reason: form.reason,
      teacherName: row.teacher,
      audience: cls.audience,
      route: { headTeacher: [cls.headTeacherId], office },
    };
    const hold = holdChanges(
      'make-up-class',
      form.periods.map((period) => ({ kind: 'add', date: form.date, period, classId: cls.id, courseId: course.id, teacherId: actor.userId, classroomId })),
      row.periods,
      config.timeZone,
    );
    return {
      data,
      studentId: null, // the subject is a class
      owners: [actor.userId],
      reviewers: [cls.headTeacherId, ...office],
      attachments: [],
      ...hold,
    };
  },

  subject: (context: unknown) => ((context as MakeUpClassContext).form.className as BothNames | undefined) ?? '',

  /** The kit's review messages, naming the teacher and the class (the subject is no student); when it passes, the class is told. */
  messages(input: NotificationInput): PlannedMessage[] {
    const form = (input.after.context as MakeUpClassContext).form as Partial<MakeUpClassDrafted>;
    const reviewed = reviewMessages(definition, input, { student: form.teacherName ?? '', className: form.className ?? { zh: '', en: '' } });
    const params = {
      className: form.className,
      date: form.date,
      periods: periodList(form.periods ?? []),
      course: form.courseName,
      teacher: form.teacherName,
      ...(form.classroomName ? { room: form.classroomName } : { roomKey: 'messages.roomUnset' }),
    };
    return tellAudience(definition, input, reviewed, { audience: form.audience, week: form.week, key: 'makeUpClassScheduled', params });
  },

  ...lessonChangeParts(definition),
});
