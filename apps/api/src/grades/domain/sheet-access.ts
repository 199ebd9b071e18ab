import { GradePermission } from '@schoolflow/contracts';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { SheetHead } from './grade-sheets.repository.js';

/** Who may read a sheet: its teacher, its reviewers (the instance's participants), the class's head teacher, managers. */
export function mayReadSheet(me: Principal, head: Pick<SheetHead, 'teacherId' | 'participants' | 'headTeacherId'>): boolean {
  return head.teacherId === me.userId || head.participants.includes(me.userId) || head.headTeacherId === me.userId || me.permissions.has(GradePermission.manage);
}
