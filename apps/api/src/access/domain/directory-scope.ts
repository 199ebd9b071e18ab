import { RoleCode, STAFF_USER_TYPES } from '@schoolflow/contracts';
import type { Principal } from '../../infrastructure/http/request-context.js';

/** The roles every student and parent may find, whatever their class: the school office and the principal. */
const SCHOOL_CONTACTS: readonly string[] = [RoleCode.office, RoleCode.principal];

/**
 * Whom a user may find in the people directory (the pickers: `components/getUserAllData`, `getUserData`;
 * docs/adr/0028), as a condition on the `sys_user` row `u` with its parameters numbered from `first`:
 * - staff (administrators, teachers) find every account, as the role and message pages need;
 * - a student or a parent finds the staff of their own (their children's) classes — the head teacher, the teachers of
 *   the class's courses and of their teaching classes this semester — and the school office and principal: the people
 *   they deal with, not every account and never other students or parents.
 */
/** Whom a viewer may find, as an SQL condition on `sys_user u` and its arguments. */
export interface DirectoryScope {
  where: string;
  args: unknown[];
}

export function directoryScope(viewer: Principal, first: number): DirectoryScope {
  if (STAFF_USER_TYPES.includes(viewer.userType)) return { where: 'true', args: [] };
  const me = `$${first}::uuid`;
  const contacts = `$${first + 1}::text[]`;
  return {
    where: `u.id IN (
      WITH mine AS (SELECT s.id, s.class_id FROM student s WHERE s.user_id = ${me} OR s.id IN (SELECT g.student_id FROM guardian g WHERE g.user_id = ${me}))
      SELECT c.head_teacher_id FROM admin_class c JOIN mine ON mine.class_id = c.id
      UNION SELECT ta.teacher_id FROM teaching_assignment ta JOIN semester se ON se.id = ta.semester_id AND se.is_current JOIN mine ON mine.class_id = ta.class_id
      UNION SELECT tc.teacher_id FROM teaching_class tc JOIN semester se ON se.id = tc.semester_id AND se.is_current
              JOIN teaching_class_student tcs ON tcs.teaching_class_id = tc.id JOIN mine ON mine.id = tcs.student_id
      UNION SELECT ur.user_id FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id AND r.enabled WHERE r.code = ANY(${contacts}))`,
    args: [viewer.userId, SCHOOL_CONTACTS],
  };
}
