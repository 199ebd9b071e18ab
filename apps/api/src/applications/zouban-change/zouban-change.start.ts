import { zoubanChoiceRefusal, type ZoubanGroup } from '@schoolflow/contracts';
import type { ZoubanChangeForm } from '@schoolflow/workflows/zouban-change/zouban-change.form.js';
import type { ZoubanChangeSubmitted } from '@schoolflow/workflows/zouban-change/zouban-change.machine.js';
import { ClassWalkingErrors } from '../../class-walking/class-walking.errors.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { StartPlan } from '../../workflow/domain/flow-plugin.js';
import { type Applicant, headTeacherThenOffice, readApplicant, type StartReads } from '../shared/student-applicant.js';

/** What a change request's start reads about the window beside the applicant. */
export interface ZoubanChangeRead {
  window: { id: string; name: string; grade: number; groups: ZoubanGroup[]; ended: boolean; generated: boolean } | null;
  grade: number | null;
  current: string[] | null;
  /** Course names by id (the window's courses). */
  names: Record<string, string>;
  /** Courses (of the request) whose generated teaching classes are all full. */
  full: string[];
}

const WINDOW_SQL = `SELECT w.id, w.name, w.grade, w.groups, now() >= w.end_at AS ended, w.generated_at IS NOT NULL AS generated,
       (SELECT c.grade FROM student st JOIN admin_class c ON c.id = st.class_id WHERE st.id = $2) AS student_grade,
       (SELECT course_ids FROM zouban_choice WHERE window_id = w.id AND student_id = $2) AS current,
       (SELECT json_object_agg(co.id, co.name) FROM course co WHERE co.id IN (SELECT jsonb_array_elements_text(g->'courseIds')::uuid FROM jsonb_array_elements(w.groups) g)) AS names,
       coalesce((SELECT array_agg(x) FROM unnest($3::uuid[]) x WHERE NOT EXISTS (
          SELECT 1 FROM zouban_class zc WHERE zc.window_id = w.id AND zc.course_id = x
             AND (SELECT count(*) FROM teaching_class_student ts WHERE ts.teaching_class_id = zc.teaching_class_id) < zc.capacity)), '{}') AS full
  FROM zouban_window w WHERE w.id = $1`;

/** Reads the applicant (a student and their head teacher, the office) and the window, choice and free places. */
export async function planZoubanChangeStart(reads: StartReads & { db: Prepared }, form: ZoubanChangeForm, actor: Applicant): Promise<StartPlan> {
  const { db } = reads;
  const read = await readApplicant(reads, actor, []);
  const { student, route, owners, reviewers } = headTeacherThenOffice(actor, undefined, [], read);
  const courseIds = [...new Set(form.courseIds)].sort();
  const [row] = (await db.query(WINDOW_SQL, [form.windowId, student.id, courseIds])) as {
    id: string;
    name: string;
    grade: number;
    groups: ZoubanGroup[];
    ended: boolean;
    generated: boolean;
    student_grade: number | null;
    current: string[] | null;
    names: Record<string, string> | null;
    full: string[];
  }[];
  const w = row ?? null;
  if (!w || w.student_grade !== w.grade) throw ClassWalkingErrors.notFound();
  if (!w.ended) throw ClassWalkingErrors.stillOpen();
  if (!w.current) throw ClassWalkingErrors.noChoice();
  const refusal = zoubanChoiceRefusal(w.groups, courseIds);
  if (refusal) throw refusal.key === 'unknownCourse' ? ClassWalkingErrors.unknownCourse() : ClassWalkingErrors.groupCount(refusal.group, refusal.choose);
  const was = [...w.current].sort();
  if (was.join() === courseIds.join()) throw ClassWalkingErrors.sameCombination();
  // a generated window: every added course needs a teaching class with a free place (spec: class size full)
  if (w.generated && w.full.some((c) => !was.includes(c))) throw ClassWalkingErrors.classSizeFull();
  const names = w.names ?? {};
  const name = (ids: readonly string[]) => w.groups.flatMap((g) => g.courseIds).filter((id) => ids.includes(id)).map((id) => names[id] ?? id).join('+');
  const data: Omit<ZoubanChangeSubmitted, 'type' | 'actorId'> = {
    studentId: student.id,
    studentUserId: student.user_id,
    windowId: w.id,
    windowName: w.name,
    courseIds,
    combination: name(courseIds),
    was: name(was),
    reason: form.reason,
    route,
  };
  return { data, studentId: student.id, owners, reviewers, attachments: [] };
}
