import { type ClassDay, type ClassDayQuery, classDayQuerySchema, type Language, MessageType, workflowDetailPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { makeUpClassFlow } from '@schoolflow/workflows/make-up-class/make-up-class.flow.js';
import { makeUpClassFormSchema } from '@schoolflow/workflows/make-up-class/make-up-class.form.js';
import type { MakeUpClassContext, MakeUpClassDrafted } from '@schoolflow/workflows/make-up-class/make-up-class.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type PluginDeps, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import { classDay, teacherOptions } from '../shared/class-day.js';
import { type ChangeClass, changeClassSql, holdChanges, notTheirs, periodList, refuseClashes, settleChanges } from '../shared/lesson-changes.js';
import { reviewMessages } from '../shared/review-messages.js';
import { roleHoldersSql, withStandIns } from '../shared/student-applicant.js';

const definition = makeUpClassFlow as unknown as FlowDefinition;

interface StartRead {
  class: ChangeClass | null;
  course: { id: string; name: { zh: string; en: string } } | null;
  semester: { id: string } | null;
  assigned: boolean;
  room: { id: string; name: string; seats: number; forClasses: boolean } | null;
  periods: number[];
  teacher: string;
  office: string[];
  admin: string[];
}

// Everything a start needs in one round trip: the class (with whom it concerns), the course, the semester whose teaching
// dates hold the date, whether the applicant teaches that course to that class then, the room (the chosen one, else the
// class's own), the periods that exist, the applicant's name and the office (administrators stand in).
const START_SQL = `WITH sem AS (SELECT id FROM semester WHERE $3::date BETWEEN teaching_start AND teaching_end ORDER BY teaching_start LIMIT 1)
SELECT ${changeClassSql('$1')},
       (SELECT json_build_object('id', co.id, 'name', json_build_object('zh', co.name, 'en', coalesce(nullif(co.name_en, ''), co.name))) FROM course co WHERE co.id = $2::uuid) AS course,
       (SELECT json_build_object('id', id) FROM sem) AS semester,
       EXISTS (SELECT 1 FROM teaching_assignment ta JOIN sem ON sem.id = ta.semester_id WHERE ta.teacher_id = $4::uuid AND ta.class_id = $1::uuid AND ta.course_id = $2::uuid) AS assigned,
       (SELECT json_build_object('id', r.id, 'name', r.name, 'seats', r.seats, 'forClasses', r.for_classes AND r.enabled) FROM classroom r
         WHERE r.id = coalesce($5::uuid, (SELECT classroom_id FROM admin_class WHERE id = $1::uuid))) AS room,
       coalesce((SELECT array_agg(no ORDER BY no) FROM lesson_period), '{}') AS periods,
       (SELECT name FROM sys_user WHERE id = $4::uuid) AS teacher,
       ${roleHoldersSql(['office', 'admin'])}`;

/**
 * 补课 on the engine (DESIGN.md §7). The start checks the form against the school — the class and the course exist, the
 * date is in a semester's teaching weeks and the applicant teaches that course to that class then, the periods exist,
 * the room is a classroom for lessons that seats the class, and nothing is there at that time (the class's, the
 * teacher's or the room's lessons, pending changes included, or a loan of the room) — and saves the draft holding the
 * periods in its own statement. The head teacher then the office review it; passed, the lessons are the date's;
 * ended otherwise, the periods are free again; the class's students and parents are told once, when it passes.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(makeUpClassFormSchema, body);
    const [row] = (await db.query(START_SQL, [form.classId, form.courseId, form.date, actor.userId, form.classroomId ?? null])) as StartRead[];
    const cls = row?.class;
    if (!row || !cls) throw AppException.unprocessable('timetable.errors.sectionNotFound');
    const course = row.course;
    if (!course) throw AppException.unprocessable('timetable.errors.courseNotFound');
    if (!row.semester) throw AppException.unprocessable('timetable.errors.dateOutsideTeaching', { date: form.date });
    // who asks: only the course's teacher of that class in that semester (403: not theirs to ask for)
    if (!row.assigned) throw notTheirs('timetable.errors.notAssignedToCourse', { section: cls.name, course: course.name });
    const missing = form.periods.find((p) => !row.periods.includes(p));
    if (missing !== undefined) throw AppException.unprocessable('timetable.errors.periodMissing', { period: missing });
    const room = row.room;
    if (form.classroomId && !room) throw AppException.unprocessable('validation.classroomRequired');
    if (room && !room.forClasses) throw AppException.unprocessable('timetable.errors.notAClassroom', { room: room.name });
    if (room && room.seats < cls.size) throw AppException.unprocessable('timetable.errors.roomTooSmall', { room: room.name, seats: room.seats, section: cls.name, size: cls.size });
    const classroomId = room?.id ?? null;
    await refuseClashes(db, cls.id, form.periods.map((period) => ({ date: form.date, period, section: cls.id, teacherId: actor.userId, classroomId })), config.timeZone);
    if (!cls.headTeacherId) throw AppException.unprocessable('timetable.errors.noHeadTeacher', { section: cls.name });

    const office = withStandIns(row.office, row.admin, actor.userId);
    const data: Omit<MakeUpClassDrafted, 'type' | 'actorId'> = {
      studentId: '',
      studentUserId: null,
      classId: cls.id,
      className: cls.name,
      courseId: course.id,
      courseName: course.name,
      date: form.date,
      periods: form.periods,
      classroomId,
      classroomName: room?.name ?? null,
      reason: form.reason,
      teacherName: row.teacher,
      audience: cls.audience,
      route: { headTeacher: [cls.headTeacherId], office },
    };
    const hold = holdChanges(
      'make-up-class',
      form.periods.map((period) => ({ kind: 'add', date: form.date, period, classId: cls.id, courseId: course.id, teacherId: actor.userId, classroomId })),
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

  subject: (context: unknown) => ((context as MakeUpClassContext).form.className as { zh: string; en: string } | undefined) ?? '',

  /**
   * The kit's review messages, naming the teacher and the class (the subject is no student); when it passes, every
   * student of the class and their parents are told of the lesson — once: messages are written once per event.
   */
  messages(input: NotificationInput): PlannedMessage[] {
    const form = (input.after.context as MakeUpClassContext).form as Partial<MakeUpClassDrafted>;
    const out = reviewMessages(definition, input, { student: form.teacherName ?? '', className: form.className ?? { zh: '', en: '' } });
    if (!passedBy(definition, input)) return out;
    const link = workflowDetailPage(definition.flow, input.instanceId);
    const params = {
      className: form.className,
      date: form.date,
      periods: periodList(form.periods ?? []),
      course: form.courseName,
      teacher: form.teacherName,
      ...(form.classroomName ? { room: form.classroomName } : { roomKey: 'messages.roomUnset' }),
    };
    const told = new Set(out.map((m) => m.recipientId));
    for (const recipientId of new Set(form.audience ?? [])) {
      if (told.has(recipientId)) continue;
      out.push({ recipientId, type: MessageType.system, titleKey: 'messages.makeUpClassScheduled.title', contentKey: 'messages.makeUpClassScheduled.content', params, link });
    }
    return out;
  },

  effects: (input: EffectInput, db) => settleChanges(definition, input, db),

  views: {
    /** The class's lessons and the applicant's of a date, with the periods: what the form shows beside it. */
    day: {
      query: classDayQuerySchema,
      read: (q: ClassDayQuery, actor: Principal, db: Prepared, lang: Language): Promise<ClassDay> => classDay(db, q, actor, lang),
    },
  },

  options: (field: string, actor: Principal, db: Prepared, lang: Language) => teacherOptions(field, actor, db, lang),
});

