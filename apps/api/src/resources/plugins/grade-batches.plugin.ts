import type { EntityManager } from 'typeorm';
import type { ResourcePlugin } from '../resource-plugin.js';
import { GradesErrors } from '../../grades/grades.errors.js';

type Values = Record<string, unknown>;
interface Opened {
  opened: boolean;
  semester_id: string;
  exam_node_id: string;
  grade: string;
  courses: { courseId: string; fullMarks: number }[];
}

/** What a batch's sheets were opened on: its semester, exam node, grade and each course with its full marks. */
const sameExam = (row: Opened, v: Values): boolean => {
  const courses = ((v.courses as Values[] | undefined) ?? []).map((c) => `${String(c.courseId)}:${Number(c.fullMarks)}`).sort();
  const before = row.courses.map((c) => `${c.courseId}:${Number(c.fullMarks)}`).sort();
  return row.semester_id === v.semesterId && row.exam_node_id === v.examNodeId && row.grade === v.grade && courses.join() === before.join();
};

/**
 * 成绩录入批次: once entry has begun its sheets stand on its semester, exam node, grade, courses and full marks — a
 * change to them is refused (422); its name, dates, weights and scales may still change. Read under the row's lock,
 * so an opening and a save at the same moment cannot pass each other.
 */
export const gradeBatchesPlugin: ResourcePlugin = {
  async beforeWrite(tx: EntityManager, values: Values, mode: 'create' | 'update', id: string | null): Promise<void> {
    if (mode !== 'update' || !id) return;
    const [row] = (await tx.query(
      `SELECT b.opened, b.semester_id, b.exam_node_id, b.grade,
              coalesce((SELECT json_agg(json_build_object('courseId', c.course_id, 'fullMarks', c.full_marks::float8)) FROM grade_batch_course c WHERE c.batch_id = b.id), '[]') AS courses
         FROM grade_batch b WHERE b.id = $1 FOR UPDATE`,
      [id],
    )) as Opened[];
    if (row?.opened && !sameExam(row, values)) throw GradesErrors.batchOpenedLocked();
  },
};
