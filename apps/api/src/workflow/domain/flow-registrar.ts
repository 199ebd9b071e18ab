import { flowPage, flowSlug, resources, RoleCode } from '@schoolflow/contracts';
import { applyPermissionOf, FLOWS } from '@schoolflow/workflows';
import type { DataSource, EntityManager } from 'typeorm';
import { grantMenu, grantPermission, menuOnce } from '../../access/domain/menu-grants.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { AdvisoryLock } from '../../infrastructure/database/advisory-locks.js';

type FlowLabels = { title?: string };
const MY_APPLICATIONS = '/apply/leave/mine';
const titleOf = (lang: 'zh' | 'en', flow: string): string =>
  ((resources[lang].web as unknown as { flow?: Record<string, FlowLabels> }).flow?.[flow]?.title ?? flow);

/**
 * A flow met for the first time (docs/adr/0019): the roles its declaration names may start it — they get
 * `workflow:{flow}:apply` and its form under 业务申请 in their menus — and every role may open its detail page (the
 * API decides what each may see). Administrators get both. Done once per flow, under a lock, so two instances
 * starting together register it once and an administrator's later changes to the grants stand.
 */
export async function registerFlows(db: DataSource): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.flowRegistration]);
    const known = new Set(((await tx.query(`SELECT flow FROM wf_flow_registration`)) as { flow: string }[]).map((r) => r.flow));
    for (const def of Object.values(FLOWS)) {
      if (known.has(def.flow)) continue;
      // one only the engine starts has no form and no starters: its detail page is all it needs
      if (def.apply.bySystem) await registerDetail(tx, def.flow);
      else if (def.apply.ownPage) await registerStarters(tx, def.flow, def.apply.roles);
      else await register(tx, def.flow, def.apply.roles, def.apply.icon, def.apply.sort);
      await tx.query(`INSERT INTO wf_flow_registration (flow) VALUES ($1)`, [def.flow]);
      logger.info({ flow: def.flow }, 'flow registered');
    }
  });
}

async function registerDetail(tx: EntityManager, flow: string): Promise<void> {
  const roles = (await tx.query(`SELECT id FROM sys_role`)) as { id: string }[];
  const [parent] = (await tx.query(`SELECT id FROM sys_menu WHERE url = '/apply' AND parent_id IS NULL ORDER BY created_at LIMIT 1`)) as { id: string }[];
  if (!parent) return;
  const detail = resources.zh.web.workflow;
  const made = await menuOnce(tx, { parentId: parent.id, url: flowPage(flow, 'detail'), name: detail.detailMenu, nameEn: resources.en.web.workflow.detailMenu, permission: `menu:${flowSlug(flow)}_detail`, icon: 'file alternate', sort: 90, remark: { hidden: true, noCache: true } });
  if (made.created) await grantMenu(tx, made.id, roles.map((r) => r.id));
}

/** A flow started from a page of its own: its starters get the permission, every role its detail page; no 业务申请 form. */
async function registerStarters(tx: EntityManager, flow: string, starters: readonly string[]): Promise<void> {
  const roles = (await tx.query(`SELECT id, code FROM sys_role`)) as { id: string; code: string }[];
  await grantPermission(tx, roles.filter((r) => starters.includes(r.code) || r.code === RoleCode.admin).map((r) => r.id), applyPermissionOf(flow));
  await registerDetail(tx, flow);
}

async function register(tx: EntityManager, flow: string, starters: readonly string[], icon: string, sort: number): Promise<void> {
  const roles = (await tx.query(`SELECT id, code FROM sys_role`)) as { id: string; code: string }[];
  const starterIds = roles.filter((r) => starters.includes(r.code) || r.code === RoleCode.admin).map((r) => r.id);
  const permission = applyPermissionOf(flow);
  await grantPermission(tx, starterIds, permission);

  // Menus only where the school has the 业务申请 menu (a school set up without the demo may have none yet).
  const [parent] = (await tx.query(`SELECT id FROM sys_menu WHERE url = '/apply' AND parent_id IS NULL ORDER BY created_at LIMIT 1`)) as { id: string }[];
  if (!parent) return;
  await grantMenu(tx, parent.id, starterIds);
  // and 我的申请 — the one list of every flow (its seeded address is leave's, from before there were others; its
  // permission is its own since 1732000018000, so granting it grants nothing of leave)
  const [mine] = (await tx.query(`SELECT id FROM sys_menu WHERE url = $1`, [MY_APPLICATIONS])) as { id: string }[];
  if (mine) await grantMenu(tx, mine.id, starterIds);
  const menu = async (url: string, name: string, nameEn: string, perm: string, menuIcon: string, menuSort: number, remark: object, roleIds: readonly string[]) => {
    const made = await menuOnce(tx, { parentId: parent.id, url, name, nameEn, permission: perm, icon: menuIcon, sort: menuSort, remark });
    if (made.created) await grantMenu(tx, made.id, roleIds); // one made by the seed or by hand is left as it is
  };
  await menu(flowPage(flow, 'new'), titleOf('zh', flow), titleOf('en', flow), permission, icon, 10 + sort, {}, starterIds);
  const detail = resources.zh.web.workflow;
  await menu(flowPage(flow, 'detail'), detail.detailMenu, resources.en.web.workflow.detailMenu, `menu:${flowSlug(flow)}_detail`, 'file alternate', 90, { hidden: true, noCache: true }, roles.map((r) => r.id));
}
