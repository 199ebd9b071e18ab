import { RoleCode, UserType } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import type { ServerConfig } from '../../config/app-config.js';
import { PasswordHasher } from '../../identity/domain/password-hasher.js';
import type { ResourcePlugin } from '../resource-plugin.js';

async function setRoles(tx: EntityManager, userId: string, roles: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM sys_user_role WHERE user_id = $1`, [userId]);
  const codes = roles.length ? roles : [RoleCode.teacher];
  await tx.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT $1, id FROM sys_role WHERE code = ANY($2::text[]) ON CONFLICT DO NOTHING`, [userId, codes]);
}

/**
 * A staff member's account (docs/product/base-data.md#accounts-and-initial-passwords): made with the record — a teacher account, initial password the last six
 * characters of the ID number in upper case, to be changed at the first sign-in — and kept in step with it (name,
 * department, roles, enabled). Deleting the record disables the account; its history stays.
 */
/** `endSessions`: the session service's revocation (caches and sockets end with it), for a disabled account. */
export function staffPlugin(config: Pick<ServerConfig, 'pwdHashPrefix'>, endSessions: (userId: string) => Promise<unknown>): ResourcePlugin {
  return {
    async beforeWrite(tx, values, mode) {
      if (mode !== 'create') return;
      const account = String(values.account);
      const password = String(values.idNumber ?? '').slice(-6).toUpperCase();
      const [user] = await tx.query<{ id: string }[]>(
        `INSERT INTO sys_user (account, name, user_type, password_hash, must_change_password, enabled, department_id) VALUES ($1, $2, $3, $4, true, $5, $6) RETURNING id`,
        [account, values.name, UserType.teacher, PasswordHasher.initial(config.pwdHashPrefix, account, password), values.enabled !== false, values.departmentId ?? null],
      );
      values.userId = user?.id;
      await setRoles(tx, String(user?.id), (values.roles as string[] | undefined) ?? []);
    },

    async afterWrite(tx, id, values, mode) {
      if (mode !== 'update') return;
      const [row] = await tx.query<{ user_id: string }[]>(`SELECT user_id FROM staff WHERE id = $1`, [id]);
      if (!row) return;
      await tx.query(`UPDATE sys_user SET name = $2, enabled = $3, department_id = $4, updated_at = now() WHERE id = $1`, [row.user_id, values.name, values.enabled !== false, values.departmentId ?? null]);
      await setRoles(tx, row.user_id, (values.roles as string[] | undefined) ?? []);
      if (values.enabled === false) await endSessions(row.user_id);
    },

    async beforeDelete(tx, id) {
      // Fix (e2e test/resources/resource-crud): TypeORM answers an UPDATE … RETURNING as [rows, count]; `[row]` was the
      // rows array, so the sessions were "ended" for user `undefined`: none was revoked (only the disabled account kept
      // them from being used).
      const [[row]]: [{ user_id: string }[], number] = await tx.query(`UPDATE sys_user u SET enabled = false, updated_at = now() FROM staff s WHERE s.id = $1 AND u.id = s.user_id RETURNING u.id AS user_id`, [id]);
      if (row) await endSessions(row.user_id);
    },
  };
}
