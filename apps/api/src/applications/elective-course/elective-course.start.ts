import { RoleCode, slotOf } from '@schoolflow/contracts';
import type { ElectiveCourseForm } from '@schoolflow/workflows/elective-course/elective-course.form.js';
import type { ElectiveCourseSubmitted } from '@schoolflow/workflows/elective-course/elective-course.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { ApplicationErrors } from '../applications.errors.js';
import { type Applicant, roleHoldersSql, withStandIns } from '../shared/student-applicant.js';

/** What a declaration's start reads: the current semester, the room's name, the lesson periods, the office. */
export interface ElectiveCourseStartRead {
  semester_id: string | null;
  /** The room's name when the form names one that exists and is enabled; null otherwise. */
  classroom_name: string | null;
  periods: number[];
  office: string[];
  admin: string[];
}

const SQL = `SELECT (SELECT id FROM semester WHERE is_current LIMIT 1) AS semester_id,
       (SELECT name FROM classroom WHERE id = $1::uuid AND enabled) AS classroom_name,
       coalesce((SELECT array_agg(no ORDER BY no) FROM lesson_period), '{}') AS periods,
       ${roleHoldersSql(['office', 'admin'])}`;

export async function readElectiveCourseStart(db: Prepared, form: ElectiveCourseForm): Promise<ElectiveCourseStartRead> {
  const rows = (await db.query(SQL, [form.classroomId ?? null])) as ElectiveCourseStartRead[];
  return rows[0] ?? { semester_id: null, classroom_name: null, periods: [], office: [], admin: [] };
}

/**
 * The rules of a declaration's start (pure): a teacher declares for the current semester; the room, when named, exists;
 * every slot is a lesson period of the school; the office reviews (administrators stand in when the declarer is its
 * only member, so nobody passes their own course).
 */
export function planElectiveCourseStart(form: ElectiveCourseForm, read: ElectiveCourseStartRead, actor: Applicant): StartPlan {
  if (!actor.roles.includes(RoleCode.teacher)) throw ApplicationErrors.notElectiveTeacher();
  if (!read.semester_id) throw ApplicationErrors.noCurrentSemester();
  if (form.classroomId && read.classroom_name === null) throw ApplicationErrors.electiveRoomMissing();
  if (form.slots.some((s) => !read.periods.includes(slotOf(s).period))) throw ApplicationErrors.electiveSlotMissing();
  const office = withStandIns(read.office, read.admin, actor.userId);
  const data: Omit<ElectiveCourseSubmitted, 'type' | 'actorId'> = {
    studentId: null,
    studentUserId: null,
    name: form.name,
    description: form.description,
    grades: form.grades.map(Number),
    capacity: form.capacity,
    minSize: form.minSize,
    slots: form.slots,
    classroomId: form.classroomId ?? null,
    classroomName: read.classroom_name,
    semesterId: read.semester_id,
    route: { office },
  };
  return { data, studentId: null, owners: [actor.userId], reviewers: office, attachments: [] };
}
