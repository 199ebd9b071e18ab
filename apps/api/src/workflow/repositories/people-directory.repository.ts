import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { STAFF_USER_TYPES } from '@schoolflow/contracts';
import { directoryScope } from '../../access/domain/directory-scope.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { type Prepared, prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { PeopleDirectory, type PersonChoice } from '../ports/people-directory.port.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

/**
 * Whom a CC may name (docs/adr/0028), as a condition on the `sys_user` row `u`: an enabled account of the school's
 * staff (`staff`: the parameter of the staff user types) that the sender may find in the directory (`scope`:
 * `directoryScope`'s condition — a student or parent finds their teachers, the office and the principal), or one of the
 * instance's own people (`instance`: the parameter of its id; its owners — its student and their parents). One
 * condition for the check and the candidates, so the picker offers exactly what a CC accepts.
 */
const ccTarget = (instance: string, staff: string, scope: string): string =>
  `u.enabled AND ((u.user_type = ANY(${staff}::text[]) AND ${scope}) OR u.id = ANY(coalesce((SELECT i.owners FROM wf_instance i WHERE i.id = ${instance}::uuid), '{}'::uuid[])))`;

/** The directory in PostgreSQL, read with hot statements (a CC's check is on a command's path). */
@Injectable()
export class PgPeopleDirectory extends PeopleDirectory {
  private readonly db: Prepared;

  constructor(dataSource: DataSource) {
    super();
    this.db = prepared(poolOf(dataSource));
  }

  async holdsRole(userId: string, role: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id WHERE u.id = $1 AND r.code = $2 AND u.enabled AND r.enabled`,
      [userId, role],
    );
    return rows.length > 0;
  }

  roleHolders(role: string): Promise<PersonChoice[]> {
    return this.db.query(
      `SELECT u.id, u.name FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
        WHERE r.code = $1 AND u.enabled AND r.enabled ORDER BY u.account LIMIT 200`,
      [role],
    );
  }

  async countCcTargets(instanceId: string, userIds: readonly string[], actor: Principal): Promise<number> {
    const scope = directoryScope(actor, 4);
    const rows: { n: number }[] = await this.db.query(
      `SELECT count(*)::int AS n FROM sys_user u WHERE u.id = ANY($1::uuid[]) AND ${ccTarget('$2', '$3', scope.where)}`,
      [userIds, instanceId, STAFF_USER_TYPES, ...scope.args],
    );
    return rows[0]?.n ?? 0;
  }

  ccTargets(instanceId: string, q: string, excluded: readonly string[], actor: Principal): Promise<PersonChoice[]> {
    const like = likePattern(q);
    const scope = directoryScope(actor, 5);
    return this.db.query(
      `SELECT u.id, u.name || ' (' || u.account || ')' AS name FROM sys_user u
        WHERE ${ccTarget('$1', '$2', scope.where)} AND u.id <> ALL($3::uuid[]) AND (u.name ILIKE $4 OR u.account ILIKE $4) ORDER BY u.account LIMIT 20`,
      [instanceId, STAFF_USER_TYPES, excluded, like, ...scope.args],
    );
  }
}
