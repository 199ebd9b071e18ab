import { UserType } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import type { ResourcePlugin } from '../resource-plugin.js';
import { TimetableErrors } from '../../timetable/timetable.errors.js';

/**
 * A record naming a teacher (a teaching assignment, an unavailable period): the account must be a teacher's (user
 * type 3) — the foreign key only says it is an account, and a student's would otherwise pass.
 */
export const teacherRefsPlugin: ResourcePlugin = {
  async beforeWrite(tx: EntityManager, values: Record<string, unknown>): Promise<void> {
    if (typeof values.teacherId !== 'string') return;
    const [row] = (await tx.query(`SELECT user_type FROM sys_user WHERE id = $1`, [values.teacherId])) as { user_type: string }[];
    // no such account: the foreign key answers it, naming the field
    if (row && row.user_type !== UserType.teacher) throw TimetableErrors.notATeacher().withData({ field: 'teacherId' });
  },
};
