import type { CheckProblem, Language, UnplacedLesson } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { translate } from '../../infrastructure/i18n/i18n.js';
import type { Placement, PrecheckProblem, ScheduleDemand, ScheduleProblem, ScheduleRoom, ScheduleSection, Unplaced } from '../scheduling/schedule-problem.js';
import { classSizeSql } from './class-size.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';
import { lessonPeriods } from './lesson-calendar.js';
import { schoolDays } from './timetable-semesters.js';
import type { LessonRow } from './timetable-versions.repository.js';

type Db = Pick<EntityManager, 'query'>;

/** A semester's scheduling problem as read from the database, with what the ids behind its indices are. */
export interface ScheduleFacts {
  problem: ScheduleProblem;
  /** Each section's kind (an administrative class or a teaching class), by the problem's index. */
  sectionKinds: ('class' | 'teachingClass')[];
  /** Courses of a class that no assignment and no teaching class covers: the scheduler cannot place them. */
  noTeacher: CheckProblem[];
}

interface ClassRow { id: string; label: string; grade: string; home: string | null; size: number }
interface TeachingClassRow { id: string; label: string; grade: string | null; course: string; teacher: string; size: number }
interface HoursRow { grade: string; course: string; courseLabel: string; periods: number; roomType: string | null; main: boolean }

/**
 * Reads what the automatic scheduler is given for a semester (issue 9): every class in school whose grade has weekly
 * periods, and the semester's open teaching classes with students, as sections; a class's course taught by its
 * teaching assignment — or left to the teaching classes its students go to for that course; a teaching class's
 * periods its grade's for its course (its grade: most of its students'); teachers' unavailable periods; the rooms for
 * lessons (enabled, used for classes). Pure data out: the search never touches the database.
 */
export async function loadScheduleInput(db: Db, semesterId: string, lang: Language): Promise<ScheduleFacts> {
  const [days, periods] = await Promise.all([schoolDays(db), lessonPeriods(db)]);
  const classes = (await db.query(
    `SELECT c.id, ${boundLocalName('c', '$2')} AS label, c.grade::text AS grade, c.classroom_id AS home,
            ${classSizeSql('c')} AS size
       FROM admin_class c
      WHERE c.in_school AND c.usage_state = 'active' AND EXISTS (SELECT 1 FROM grade_course_hours h WHERE h.semester_id = $1 AND h.grade = c.grade::text)
      ORDER BY c.grade, c.sort, c.code`,
    [semesterId, lang],
  )) as ClassRow[];
  const teachingClasses = (await db.query(
    `SELECT tc.id, tc.name AS label, tc.course_id AS course, tc.teacher_id AS teacher, count(*)::int AS size,
            (mode() WITHIN GROUP (ORDER BY c.grade))::text AS grade
       FROM teaching_class tc JOIN teaching_class_student ts ON ts.teaching_class_id = tc.id
       JOIN student s ON s.id = ts.student_id AND s.status = 'enrolled' JOIN admin_class c ON c.id = s.class_id
      WHERE tc.semester_id = $1 AND NOT tc.closed
      GROUP BY tc.id ORDER BY tc.name`,
    [semesterId],
  )) as TeachingClassRow[];
  const hours = (await db.query(
    `SELECT h.grade, h.course_id AS course, ${boundLocalName('co', '$2')} AS "courseLabel", h.periods, h.room_type AS "roomType", h.main
       FROM grade_course_hours h JOIN course co ON co.id = h.course_id WHERE h.semester_id = $1 ORDER BY co.sort, co.code`,
    [semesterId, lang],
  )) as HoursRow[];
  const assignments = (await db.query(`SELECT class_id AS "classId", course_id AS "courseId", teacher_id AS "teacherId" FROM teaching_assignment WHERE semester_id = $1`, [semesterId])) as { classId: string; courseId: string; teacherId: string }[];
  // which classes' students each teaching class takes, and teaching classes sharing students
  const members = (await db.query(
    `SELECT DISTINCT ts.teaching_class_id AS tc, s.class_id AS "classId" FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id
       JOIN teaching_class tc ON tc.id = ts.teaching_class_id WHERE tc.semester_id = $1 AND NOT tc.closed`,
    [semesterId],
  )) as { tc: string; classId: string }[];
  const tcPairs = (await db.query(
    `SELECT DISTINCT a.teaching_class_id AS a, b.teaching_class_id AS b FROM teaching_class_student a JOIN teaching_class_student b ON b.student_id = a.student_id
       JOIN teaching_class ta ON ta.id = a.teaching_class_id JOIN teaching_class tb ON tb.id = b.teaching_class_id
      WHERE a.teaching_class_id < b.teaching_class_id AND ta.semester_id = $1 AND tb.semester_id = $1 AND NOT ta.closed AND NOT tb.closed`,
    [semesterId],
  )) as { a: string; b: string }[];
  const unavailable = (await db.query(`SELECT teacher_id AS "teacherId", weekday, period FROM teacher_unavailable WHERE semester_id = $1`, [semesterId])) as { teacherId: string; weekday: number; period: number }[];
  const roomRows = (await db.query(`SELECT id, name AS label, type, seats FROM classroom WHERE enabled AND for_classes ORDER BY sort, code`)) as ScheduleRoom[];

  const rooms = roomRows;
  const roomIndex = new Map(rooms.map((r, i) => [r.id, i]));
  const sections: ScheduleSection[] = [];
  const sectionKinds: ('class' | 'teachingClass')[] = [];
  const sectionIndex = new Map<string, number>();
  for (const c of classes) {
    sectionIndex.set(c.id, sections.length);
    sections.push({ id: c.id, label: c.label, size: c.size, homeRoom: c.home !== null ? (roomIndex.get(c.home) ?? null) : null });
    sectionKinds.push('class');
  }
  for (const t of teachingClasses) {
    sectionIndex.set(t.id, sections.length);
    sections.push({ id: t.id, label: t.label, size: t.size, homeRoom: null });
    sectionKinds.push('teachingClass');
  }
  const sharing: [number, number][] = [];
  for (const m of members) {
    const a = sectionIndex.get(m.tc);
    const b = sectionIndex.get(m.classId);
    if (a !== undefined && b !== undefined) sharing.push([b, a]);
  }
  for (const p of tcPairs) {
    const a = sectionIndex.get(p.a);
    const b = sectionIndex.get(p.b);
    if (a !== undefined && b !== undefined) sharing.push([a, b]);
  }

  const teacherIds: string[] = [];
  const teacherIndex = new Map<string, number>();
  const teacherOf = (id: string): number => {
    let i = teacherIndex.get(id);
    if (i === undefined) {
      i = teacherIds.length;
      teacherIds.push(id);
      teacherIndex.set(id, i);
    }
    return i;
  };
  const assigned = new Map(assignments.map((a) => [`${a.classId}:${a.courseId}`, a.teacherId]));
  const coveredByTeachingClass = new Set(members.flatMap((m) => teachingClasses.filter((t) => t.id === m.tc).map((t) => `${m.classId}:${t.course}`)));
  const hoursOf = (grade: string | null) => hours.filter((h) => h.grade === grade);
  const demands: ScheduleDemand[] = [];
  const noTeacher: CheckProblem[] = [];
  for (const c of classes) {
    for (const h of hoursOf(c.grade)) {
      const teacher = assigned.get(`${c.id}:${h.course}`);
      if (teacher) demands.push({ id: `${c.id}:${h.course}`, section: sectionIndex.get(c.id) as number, course: h.course, courseLabel: h.courseLabel, teacher: teacherOf(teacher), periods: h.periods, roomType: h.roomType, main: h.main });
      else if (!coveredByTeachingClass.has(`${c.id}:${h.course}`)) noTeacher.push({ kind: 'noTeacher', subject: `${c.label} ${h.courseLabel}`, need: h.periods, have: 0 });
    }
  }
  for (const t of teachingClasses) {
    const h = hoursOf(t.grade).find((x) => x.course === t.course);
    if (h) demands.push({ id: `${t.id}:${t.course}`, section: sectionIndex.get(t.id) as number, course: t.course, courseLabel: h.courseLabel, teacher: teacherOf(t.teacher), periods: h.periods, roomType: h.roomType, main: h.main });
  }

  const names = new Map(
    ((await db.query(`SELECT id, name FROM sys_user WHERE id = ANY($1::uuid[])`, [teacherIds])) as { id: string; name: string }[]).map((u) => [u.id, u.name]),
  );
  const periodIndex = new Map(periods.map((p, i) => [p.no, i]));
  const teachers = teacherIds.map((id) => ({
    id,
    label: names.get(id) ?? id,
    unavailable: unavailable
      .filter((u) => u.teacherId === id && u.weekday <= days && periodIndex.has(u.period))
      .map((u) => (u.weekday - 1) * periods.length + (periodIndex.get(u.period) as number)),
  }));
  return {
    problem: { days, periods: periods.map((p) => ({ no: p.no, part: p.part })), sections, sharing, teachers, rooms, demands },
    sectionKinds,
    noTeacher,
  };
}

/** The lessons a schedule places, as the timetable stores them. */
export function lessonsOf(input: ScheduleFacts, placements: readonly Placement[]): LessonRow[] {
  const { problem } = input;
  const P = problem.periods.length;
  return placements.map((pl) => {
    const d = problem.demands[pl.demand] as ScheduleDemand;
    const section = problem.sections[d.section] as ScheduleSection;
    const kind = input.sectionKinds[d.section];
    return {
      weekday: Math.floor(pl.slot / P) + 1,
      period: (problem.periods[pl.slot % P] as { no: number }).no,
      classId: kind === 'class' ? section.id : null,
      teachingClassId: kind === 'teachingClass' ? section.id : null,
      courseId: d.course,
      teacherId: (problem.teachers[d.teacher] as { id: string }).id,
      classroomId: (problem.rooms[pl.room] as ScheduleRoom).id,
    };
  });
}

/** A lesson left out as a timetable keeps it: ids, named when read in the reader's language. */
export interface UnplacedRecord {
  sectionId: string;
  courseId: string;
  teacherId: string;
  count: number;
  reason: Unplaced['reason'];
}

export function unplacedRecord(problem: ScheduleProblem, u: Unplaced): UnplacedRecord {
  const d = problem.demands[u.demand] as ScheduleDemand;
  return { sectionId: problem.sections[d.section]?.id ?? '', courseId: d.course, teacherId: problem.teachers[d.teacher]?.id ?? '', count: u.count, reason: u.reason };
}

/** What a schedule left out, named for people (in the language the problem was read in: the job's answer to its starter). */
export function unplacedLessons(problem: ScheduleProblem, unplaced: readonly Unplaced[]): UnplacedLesson[] {
  return unplaced.map((u) => {
    const d = problem.demands[u.demand] as ScheduleDemand;
    return { section: problem.sections[d.section]?.label ?? '', course: d.courseLabel, teacher: problem.teachers[d.teacher]?.label ?? '', count: u.count, reason: u.reason };
  });
}

/** The precheck's findings, named for people, with their text in the caller's language. */
export function checkProblems(problem: ScheduleProblem, found: readonly PrecheckProblem[], lang: Language): CheckProblem[] {
  return found.map((p) => {
    const d = p.demand !== undefined ? problem.demands[p.demand] : undefined;
    const type = p.roomType ? translate(lang, `resource.enums.classroomType.${p.roomType}`) : '';
    const subject =
      p.section !== undefined
        ? `${problem.sections[p.section]?.label ?? ''}${d ? ` ${d.courseLabel}` : ''}`
        : p.teacher !== undefined
          ? (problem.teachers[p.teacher]?.label ?? '')
          : d
            ? `${problem.sections[d.section]?.label ?? ''} ${d.courseLabel}${type ? ` (${type})` : ''}`
            : type;
    return { kind: p.kind, subject, need: p.need, have: p.have };
  });
}

/** A problem's text, as the refusal and the page show it. */
export function checkText(p: CheckProblem, lang: Language): string {
  return translate(lang, `timetable.check.${p.kind}`, { subject: p.subject, need: p.need, have: p.have });
}
