import { type BothNames, type LessonPeriod, weekOfDate } from '@schoolflow/contracts';
import { type FlowDefinition, fold } from '@schoolflow/workflows';
import { classSwapFlow } from '@schoolflow/workflows/class-swap/class-swap.flow.js';
import { classSwapFormSchema } from '@schoolflow/workflows/class-swap/class-swap.form.js';
import type { ClassSwapContext, ClassSwapSubmitted, MovedLesson } from '@schoolflow/workflows/class-swap/class-swap.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { type CalendarLesson, LESSON_PERIODS_COLUMN, lessonsConcerning, type TeachingSemester, teachingSemesterSql } from '../../timetable/domain/lesson-calendar.js';
import type { FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { lessonChangeParts } from '../shared/lesson-change-parts.js';
import { type ChangeClass, changeClassSql, type ChangeRow, changeHold, holdChanges, type Placement, refuseClashes, refusePastDates, tellAudience, whenItBegins } from '../shared/lesson-changes.js';
import { reviewMessages } from '../shared/review-messages.js';
import { roleHoldersSql, withStandIns } from '../shared/student-applicant.js';
import { ApplicationErrors } from '../applications.errors.js';
import { WorkflowErrors } from '../../workflow/workflow.errors.js';

const definition = classSwapFlow as unknown as FlowDefinition;

interface StartRead {
  class: ChangeClass | null;
  /** The semester whose teaching weeks hold each date, or null. */
  fromSemester: TeachingSemester | null;
  toSemester: TeachingSemester | null;
  periods: LessonPeriod[];
  office: string[];
  admin: string[];
}

const semesterOf = (param: string) => `(SELECT row_to_json(s) FROM (${teachingSemesterSql(param)}) s)`;

// The class (with whom it concerns), the semesters whose teaching weeks hold the two dates, the school's periods and the
// office (administrators stand in), in one round trip.
const START_SQL = `SELECT ${changeClassSql('$1')}, ${semesterOf('$2')} AS "fromSemester", ${semesterOf('$3')} AS "toSemester",
       ${LESSON_PERIODS_COLUMN},
       ${roleHoldersSql(['office', 'admin'])}`;

// The lessons' courses and teachers by name in both languages (a request keeps them as they were).
const NAMES_SQL = `SELECT co.id, json_build_object('zh', co.name, 'en', coalesce(nullif(co.name_en, ''), co.name)) AS name FROM course co WHERE co.id = ANY($1::uuid[])`;

/** The lesson as the request keeps it. */
function moved(l: CalendarLesson, names: ReadonlyMap<string, BothNames>): MovedLesson {
  return { id: l.id, courseId: l.courseId, courseName: names.get(l.courseId) ?? { zh: l.courseName, en: l.courseName }, teacherId: l.teacherId, teacherName: l.teacherName, classroomId: l.classroomId };
}

/**
 * 调课 on the engine (docs/product/workflows.md#class-swap). The start finds the applicant's lesson of the class at the source in the effective
 * timetable and what is at the target: nothing (the lesson moves), or another lesson (the two swap; its teacher, when it
 * is not the applicant, consents first). Neither date may be past nor either period begun. Each lesson keeps its room;
 * the applicant must be free at the target, the other teacher at the source, each room at its new time (but for the
 * room the other lesson leaves), and no loan may hold it. The swap is held in the start's own statement — the lessons
 * taken from their places and added at their new ones, pending, and their rooms booked there — so two requests for the
 * same lessons, times or rooms at once (a loan too) cannot both be held; passed, it stands; ended otherwise (expired
 * too: nobody decided before the earlier period began), it is let go. The class's students and parents are told once
 * when it passes.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,
  hold: changeHold(definition),

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(classSwapFormSchema, body);
    // the machine's own rule (two different lessons), explained as it would be; a start is not a command to explain
    const probe = { type: definition.startEvent, actorId: actor.userId, studentId: '', studentUserId: null, route: { teacher: [], office: [] }, ...form };
    const ruled = definition.refusal(fold(definition.machine, []), probe);
    if (ruled) throw WorkflowErrors.refused(ruled);
    refusePastDates([form.fromDate, form.toDate], config.timeZone);

    const [row] = (await db.query(START_SQL, [form.classId, form.fromDate, form.toDate])) as StartRead[];
    const cls = row?.class;
    if (!row || !cls) throw ApplicationErrors.sectionUnknown();
    if (!row.fromSemester) throw ApplicationErrors.dateOutsideTeaching(form.fromDate);
    if (!row.toSemester) throw ApplicationErrors.dateOutsideTeaching(form.toDate);
    const begins = whenItBegins([{ date: form.fromDate, period: form.fromPeriod }, { date: form.toDate, period: form.toPeriod }] as const, row.periods, config.timeZone);
    const [fromPeriodName, toPeriodName] = begins.names;
    // the class is sent to the week of the earlier date: the first change it meets
    const earlier = form.fromDate <= form.toDate ? { date: form.fromDate, teachingStart: row.fromSemester.teachingStart } : { date: form.toDate, teachingStart: row.toSemester.teachingStart };

    const lessons = await lessonsConcerning(db, { dates: [form.fromDate, form.toDate], classId: cls.id }, 'zh');
    // the class's lessons at a place: the one settled there, and whether a request under review is changing it
    const at = (date: string, period: number) => {
      const here = lessons.filter((l) => l.classId === cls.id && l.date === date && l.period === period);
      return { lesson: here.find((l) => !l.pending && !l.leaving) ?? here[0], held: here.some((l) => l.pending || l.leaving) };
    };
    const from = at(form.fromDate, form.fromPeriod);
    const to = at(form.toDate, form.toPeriod);
    const source = from.lesson;
    if (!source) throw ApplicationErrors.noLessonThere(form.fromDate, form.fromPeriod, cls.name);
    // 403, not 422: the lesson is there, it is someone else's to move — a refusal of who asks, as docs/architecture.md#refusals has it
    if (source.teacherId !== actor.userId) throw ApplicationErrors.notYourLesson();
    const target = to.lesson;
    for (const [place, date, period] of [[from, form.fromDate, form.fromPeriod], [to, form.toDate, form.toPeriod]] as const) {
      // another request under review is moving what is there: its outcome decides what the place holds
      if (place.held) throw ApplicationErrors.lessonHeld(date, period);
      // a lesson a change put there is not the template's: that request would have to be undone, not swapped again
      if (place.lesson?.change) throw ApplicationErrors.lessonChanged(date, period);
    }
    if (form.withTeacherId !== undefined) {
      if (!target) throw ApplicationErrors.noLessonThere(form.toDate, form.toPeriod, cls.name);
      if (target.teacherId !== form.withTeacherId) throw ApplicationErrors.withTeacherMismatch(target.teacherName);
    }

    // where each lesson goes: the applicant's to the target, the other (if any) to the source, each with its room
    const placements: Placement[] = [{ date: form.toDate, period: form.toPeriod, section: cls.id, teacherId: source.teacherId, classroomId: source.classroomId, leaving: target ? [target.id] : [] }];
    if (target) placements.push({ date: form.fromDate, period: form.fromPeriod, section: cls.id, teacherId: target.teacherId, classroomId: target.classroomId, leaving: [source.id] });
    await refuseClashes(db, cls.id, placements, config.timeZone);

    const names = new Map(((await db.query(NAMES_SQL, [[source.courseId, ...(target ? [target.courseId] : [])]])) as { id: string; name: BothNames }[]).map((r) => [r.id, r.name]));
    const office = withStandIns(row.office, row.admin, actor.userId);
    const consenter = target && target.teacherId !== actor.userId ? target.teacherId : null;
    const data: Omit<ClassSwapSubmitted, 'type' | 'actorId'> = {
      studentId: '',
      studentUserId: null,
      classId: cls.id,
      className: cls.name,
      fromDate: form.fromDate,
      fromPeriod: form.fromPeriod,
      toDate: form.toDate,
      toPeriod: form.toPeriod,
      fromPeriodName,
      toPeriodName,
      week: weekOfDate(earlier.teachingStart, earlier.date),
      startsAt: begins.startsAt,
      reason: form.reason,
      lesson: moved(source, names),
      other: target ? moved(target, names) : null,
      audience: cls.audience,
      route: { teacher: consenter ? [consenter] : [], office },
    };
    const row4 = (kind: ChangeRow['kind'], date: string, period: number, l: CalendarLesson): ChangeRow => ({ kind, date, period, classId: cls.id, courseId: l.courseId, teacherId: l.teacherId, classroomId: l.classroomId });
    const rows = [row4('remove', form.fromDate, form.fromPeriod, source), row4('add', form.toDate, form.toPeriod, source)];
    if (target) rows.push(row4('remove', form.toDate, form.toPeriod, target), row4('add', form.fromDate, form.fromPeriod, target));
    return {
      data,
      studentId: null, // the subject is a class
      owners: [actor.userId],
      reviewers: [...(consenter ? [consenter] : []), ...office],
      attachments: [],
      ...holdChanges('class-swap', rows, row.periods, config.timeZone),
    };
  },

  subject: (context: unknown) => ((context as ClassSwapContext).form.className as BothNames | undefined) ?? '',

  /**
   * The kit's review messages, naming the teacher and the class; the other teacher's is the request to consent, with
   * both lessons; when it passes, the class is told.
   */
  messages(input: NotificationInput): PlannedMessage[] {
    const form = (input.after.context as ClassSwapContext).form as Partial<ClassSwapSubmitted>;
    const lesson = form.lesson;
    const other = form.other ?? null;
    const params = {
      className: form.className,
      fromDate: form.fromDate,
      fromPeriod: form.fromPeriod,
      toDate: form.toDate,
      toPeriod: form.toPeriod,
      course: lesson?.courseName,
      teacher: lesson?.teacherName,
      otherCourse: other?.courseName ?? '',
      otherTeacher: other?.teacherName ?? '',
    };
    const asked = definition.stateOf(input.after as never) === 'teacherConsent' && definition.stateOf(input.before as never) !== 'teacherConsent';
    const reviewed = reviewMessages(definition, input, { student: lesson?.teacherName ?? '', className: form.className ?? { zh: '', en: '' } }).map((m) =>
      asked && m.titleKey === 'messages.flowTask.title' ? { ...m, titleKey: 'messages.classSwapConsent.title', contentKey: 'messages.classSwapConsent.content', params: { ...m.params, ...params } } : m,
    );
    return tellAudience(definition, input, reviewed, { audience: form.audience, week: form.week, key: other ? 'classSwapSwapped' : 'classSwapMoved', params });
  },

  ...lessonChangeParts(definition),
});
