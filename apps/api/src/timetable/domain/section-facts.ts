import type { EditorOptions, Language } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { TimetableErrors } from '../timetable.errors.js';
import { classSizeSql } from './class-size.js';
import { boundLocalName } from '../../infrastructure/database/local-name.js';

type Db = Pick<EntityManager, 'query'>;

/** What a lesson of a class or teaching class is checked against: who teaches it what, how many, where, who shares. */
export interface SectionFacts {
  kind: 'class' | 'teachingClass';
  id: string;
  name: string;
  /** Students taught together (enrolled). */
  size: number;
  /** Its grade (a teaching class: most of its students'), whose weekly periods it has; null without students. */
  grade: string | null;
  homeRoomId: string | null;
  /** Course → its teacher this semester (a class: its teaching assignments; a teaching class: its one course). */
  courses: Map<string, { teacherId: string; courseName: string; teacherName: string }>;
  /** Sections sharing students with it: never taught at the same time. */
  shares: Set<string>;
}

const CLASS_SQL = `
  SELECT c.id, ${boundLocalName('c', '$3')} AS name, c.classroom_id AS "homeRoomId", c.grade::text AS grade,
         ${classSizeSql('c')} AS size,
         coalesce((SELECT json_agg(json_build_object('courseId', a.course_id, 'teacherId', a.teacher_id, 'courseName', ${boundLocalName('co', '$3')}, 'teacherName', u.name))
                     FROM teaching_assignment a JOIN course co ON co.id = a.course_id JOIN sys_user u ON u.id = a.teacher_id
                    WHERE a.class_id = c.id AND a.semester_id = $2), '[]') AS courses,
         coalesce((SELECT json_agg(DISTINCT ts.teaching_class_id) FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id
                     JOIN teaching_class tc ON tc.id = ts.teaching_class_id WHERE s.class_id = c.id AND tc.semester_id = $2 AND NOT tc.closed), '[]') AS shares
    FROM admin_class c WHERE c.id = $1`;

const TEACHING_CLASS_SQL = `
  SELECT tc.id, tc.name, NULL AS "homeRoomId",
         (SELECT (mode() WITHIN GROUP (ORDER BY c.grade))::text FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id JOIN admin_class c ON c.id = s.class_id
           WHERE ts.teaching_class_id = tc.id) AS grade,
         (SELECT count(*)::int FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id WHERE ts.teaching_class_id = tc.id AND s.status = 'enrolled') AS size,
         json_build_array(json_build_object('courseId', tc.course_id, 'teacherId', tc.teacher_id, 'courseName', ${boundLocalName('co', '$3')}, 'teacherName', u.name)) AS courses,
         coalesce((SELECT json_agg(DISTINCT x) FROM (
             SELECT s.class_id AS x FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id WHERE ts.teaching_class_id = tc.id
             UNION SELECT o.teaching_class_id FROM teaching_class_student mine JOIN teaching_class_student o ON o.student_id = mine.student_id
                    JOIN teaching_class otc ON otc.id = o.teaching_class_id
              WHERE mine.teaching_class_id = tc.id AND o.teaching_class_id <> tc.id AND otc.semester_id = $2 AND NOT otc.closed) y), '[]') AS shares
    FROM teaching_class tc JOIN course co ON co.id = tc.course_id JOIN sys_user u ON u.id = tc.teacher_id
   WHERE tc.id = $1 AND tc.semester_id = $2`;

interface Row {
  id: string;
  name: string;
  homeRoomId: string | null;
  grade: string | null;
  size: number;
  courses: { courseId: string; teacherId: string; courseName: string; teacherName: string }[];
  shares: string[];
}

/** The facts of a class (`classId`) or a teaching class of the semester (404 when it is neither). */
export async function sectionFacts(db: Db, section: { classId?: string; teachingClassId?: string }, semesterId: string, lang: Language): Promise<SectionFacts> {
  const kind = section.classId ? 'class' : 'teachingClass';
  const [row] = (await db.query(kind === 'class' ? CLASS_SQL : TEACHING_CLASS_SQL, [section.classId ?? section.teachingClassId, semesterId, lang])) as Row[];
  if (!row) throw TimetableErrors.sectionNotFound();
  return {
    kind,
    id: row.id,
    name: row.name,
    size: row.size,
    grade: row.grade,
    homeRoomId: row.homeRoomId,
    courses: new Map(row.courses.map((c) => [c.courseId, { teacherId: c.teacherId, courseName: c.courseName, teacherName: c.teacherName }])),
    shares: new Set(row.shares),
  };
}

/**
 * The editor's choices for a section in a semester (排课): its courses with their teacher, weekly periods (its grade's)
 * and room type, and the rooms for lessons — what the server would accept, so the grid offers nothing else.
 */
export async function editorOptions(db: Db, section: SectionFacts, semesterId: string): Promise<EditorOptions> {
  const ids = [...section.courses.keys()];
  const courses = (await db.query(
    `SELECT co.id, co.colour, h.periods, h.room_type AS "roomType"
       FROM course co LEFT JOIN grade_course_hours h ON h.course_id = co.id AND h.semester_id = $2 AND h.grade = $3
      WHERE co.id = ANY($1::uuid[])`,
    [ids, semesterId, section.grade],
  )) as { id: string; colour: string; periods: number | null; roomType: string | null }[];
  const byId = new Map(courses.map((c) => [c.id, c]));
  const rooms = (await db.query(`SELECT id, name, type, seats FROM classroom WHERE enabled AND for_classes ORDER BY sort, code`)) as EditorOptions['rooms'];
  return {
    courses: [...section.courses.entries()].map(([courseId, c]) => ({
      courseId,
      courseName: c.courseName,
      courseColour: byId.get(courseId)?.colour ?? '',
      teacherId: c.teacherId,
      teacherName: c.teacherName,
      periods: byId.get(courseId)?.periods ?? 0,
      roomType: byId.get(courseId)?.roomType ?? null,
    })),
    rooms,
    homeRoomId: section.homeRoomId,
    size: section.size,
  };
}
