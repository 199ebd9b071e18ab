import { MESSAGE_WRITE_PERMISSION, Permission, resources, RoleCode } from '@schoolflow/contracts';
import type { DataSource } from 'typeorm';
import { grantMenu, grantPermission, menuOnce } from '../../access/domain/menu-grants.js';
import { AdvisoryLock } from '../../infrastructure/database/advisory-locks.js';

/** The roles that write to anyone (docs/product/messages.md#who-may-write-to-whom): the school's staff. */
const WRITERS: readonly string[] = [RoleCode.admin, RoleCode.principal, RoleCode.office, RoleCode.headTeacher, RoleCode.gradeLeader, RoleCode.teacher];
const MARK = 'messages:letters';

/**
 * Once across instances (under the resource pages' lock, as publishing's kinds): `message:write` for the staff roles,
 * and the mobile messages page (/qt_app/znx) in the message centre for everyone — an administrator's later changes
 * stand.
 */
export async function registerLetters(db: DataSource): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.resourceRegistration]);
    const [done] = (await tx.query(`SELECT 1 FROM wf_flow_registration WHERE flow = $1`, [MARK])) as unknown[];
    if (done) return;
    const roles = (await tx.query(`SELECT id, code FROM sys_role`)) as { id: string; code: string }[];
    if (roles.length === 0) return; // no school yet: the seed comes first
    await grantPermission(tx, roles.filter((r) => WRITERS.includes(r.code)).map((r) => r.id), MESSAGE_WRITE_PERMISSION);
    const [group] = (await tx.query(`SELECT id FROM sys_menu WHERE url = '/messageCenter' ORDER BY created_at LIMIT 1`)) as { id: string }[];
    const znx = await menuOnce(tx, {
      parentId: group?.id ?? null,
      url: '/qt_app/znx',
      name: resources.zh.letters.page.znx,
      nameEn: resources.en.letters.page.znx,
      permission: Permission.messageView,
      icon: 'mobile alternate',
      sort: 2,
    });
    await grantMenu(tx, znx.id, roles.map((r) => r.id));
    await tx.query(`INSERT INTO wf_flow_registration (flow) VALUES ($1)`, [MARK]);
  });
}
