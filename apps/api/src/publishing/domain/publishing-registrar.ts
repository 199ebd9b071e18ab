import type { DataSource } from 'typeorm';
import { grantPermission } from '../../access/domain/menu-grants.js';
import { AdvisoryLock } from '../../infrastructure/database/advisory-locks.js';
import { POST_KIND_DECLARATIONS } from './post-kinds.js';

/**
 * Each kind's publish permission granted to the roles its declaration names, once per kind across instances (as
 * resource pages are registered, under the same lock): an administrator's later changes to the grants stand. Kinds
 * with a page under 信息发布 get it there too; the award kind has none here (reward management is its page).
 */
export async function registerPostKinds(db: DataSource): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.resourceRegistration]);
    const known = new Set(((await tx.query(`SELECT flow FROM wf_flow_registration WHERE flow LIKE 'post-kind:%'`)) as { flow: string }[]).map((r) => r.flow));
    const roles = (await tx.query(`SELECT id, code FROM sys_role`)) as { id: string; code: string }[];
    for (const d of Object.values(POST_KIND_DECLARATIONS)) {
      const mark = `post-kind:${d.kind}`;
      if (known.has(mark)) continue;
      await grantPermission(tx, roles.filter((r) => d.publishers.includes(r.code)).map((r) => r.id), d.permission);
      await tx.query(`INSERT INTO wf_flow_registration (flow) VALUES ($1)`, [mark]);
    }
  });
}
