import { RoleCode } from '@schoolflow/contracts';
import { type EntityManager, type FindOptionsWhere, In } from 'typeorm';
import type { Principal } from '../../infrastructure/http/request-context.js';
import type { ResourcePlugin, Values } from '../resource-plugin.js';

/** The classes a head teacher leads. */
async function ledClasses(me: Principal, tx: EntityManager): Promise<string[]> {
  const rows = await tx.createQueryBuilder().select('c.id', 'id').from('admin_class', 'c').where('c.head_teacher_id = :me', { me: me.userId }).getRawMany<{ id: string }>();
  return rows.map((r) => r.id);
}

/** A head teacher reads their classes. */
export const classesPlugin: ResourcePlugin = {
  async scope(me) {
    return me.roles.includes(RoleCode.headTeacher) ? { headTeacherId: me.userId } : null;
  },
};

/** A teacher reads the teaching classes they teach. */
export const teachingClassesPlugin: ResourcePlugin = {
  async scope(me) {
    return me.roles.includes(RoleCode.teacher) ? { teacherId: me.userId } : null;
  },
};

/**
 * Students: a head teacher reads their classes' students, a student their own record, a parent their children's
 * (docs/product/base-data.md#who-reads-what). Anyone else without the read permission reads none.
 */
export async function studentScope(me: Principal, tx: EntityManager): Promise<FindOptionsWhere<Values> | null> {
  const ids: string[] = [];
  if (me.roles.includes(RoleCode.student)) {
    const rows = await tx.createQueryBuilder().select('s.id', 'id').from('student', 's').where('s.user_id = :me', { me: me.userId }).getRawMany<{ id: string }>();
    ids.push(...rows.map((r) => r.id));
  }
  if (me.roles.includes(RoleCode.parent)) {
    const rows = await tx.createQueryBuilder().select('g.student_id', 'id').from('guardian', 'g').where('g.user_id = :me', { me: me.userId }).getRawMany<{ id: string }>();
    ids.push(...rows.map((r) => r.id));
  }
  if (me.roles.includes(RoleCode.headTeacher)) {
    const classes = await ledClasses(me, tx);
    if (classes.length && !ids.length) return { classId: In(classes) };
    // A head teacher who is also a parent (or a student) reads both: their class's students and their own.
    if (classes.length) {
      const rows = await tx.createQueryBuilder().select('s.id', 'id').from('student', 's').where('s.class_id IN (:...classes)', { classes }).getRawMany<{ id: string }>();
      ids.push(...rows.map((r) => r.id));
    }
  }
  return ids.length ? { id: In([...new Set(ids)]) } : null;
}
