import { LAST_GRADE } from '@schoolflow/contracts';
import type { SemesterRef, UpgradePlan } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';

/** A semester as the upgrade names it (both languages, its school year, its first working day). */
const semesterJson = (a: string): string =>
  `json_build_object('id', ${a}.id, 'name', json_build_object('zh', ${a}.name, 'en', coalesce(nullif(${a}.name_en, ''), ${a}.name)),
                     'schoolYearId', ${a}.school_year_id, 'start', to_char(${a}.work_start, 'YYYY-MM-DD'))`;

/**
 * Everything a plan is made of, in one round trip: the current semester, the enabled semesters (one, when `$1` names
 * it), and the school's in-school classes: how many, how many in the last grade and their enrolled students.
 */
const PLAN_SQL = `SELECT
  (SELECT ${semesterJson('s')} FROM semester s WHERE s.is_current) AS current,
  coalesce((SELECT json_agg(${semesterJson('s')} ORDER BY s.work_start, s.sort) FROM semester s WHERE s.enabled AND ($1::uuid IS NULL OR s.id = $1::uuid)), '[]') AS semesters,
  (SELECT count(*)::int FROM admin_class WHERE in_school) AS classes,
  (SELECT count(*)::int FROM admin_class WHERE in_school AND grade >= ${LAST_GRADE}) AS last_classes,
  (SELECT count(*)::int FROM student st JOIN admin_class c ON c.id = st.class_id WHERE c.in_school AND c.grade >= ${LAST_GRADE} AND st.status = 'enrolled') AS last_students`;

interface PlanRead {
  current: SemesterRef | null;
  semesters: SemesterRef[];
  classes: number;
  last_classes: number;
  last_students: number;
}

/** The school now, as plans are made of it. */
export interface SchoolNow {
  current: SemesterRef | null;
  semesters: SemesterRef[];
  counts: { classes: number; lastClasses: number; lastStudents: number };
}

/** Reads the school now: every enabled semester, or only `semesterId` (none when it is unknown or disabled). */
export async function readSchoolNow(db: Prepared, semesterId: string | null): Promise<SchoolNow> {
  const [row] = (await db.query(PLAN_SQL, [semesterId])) as PlanRead[];
  if (!row) return { current: null, semesters: [], counts: { classes: 0, lastClasses: 0, lastStudents: 0 } };
  return { current: row.current, semesters: row.semesters, counts: { classes: row.classes, lastClasses: row.last_classes, lastStudents: row.last_students } };
}

/**
 * What choosing `to` would do: a semester of another school year than the current one's opens a new school year —
 * every in-school class moves up a grade, the last grade's classes leave school and their enrolled students graduate;
 * within the school year nothing moves. A school's first current semester (none before) moves nothing either.
 */
export function planOf(now: SchoolNow, to: SemesterRef): UpgradePlan {
  const from = now.current;
  const newSchoolYear = from !== null && from.schoolYearId !== to.schoolYearId;
  const { classes, lastClasses, lastStudents } = now.counts;
  return {
    from,
    to,
    newSchoolYear,
    classes,
    promoted: newSchoolYear ? classes - lastClasses : 0,
    graduatingClasses: newSchoolYear ? lastClasses : 0,
    graduating: newSchoolYear ? lastStudents : 0,
  };
}
