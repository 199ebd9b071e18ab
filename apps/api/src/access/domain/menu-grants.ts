import type { EntityManager } from 'typeorm';

/**
 * What a registrar adds at start (flows, docs/adr/0019; base-data pages, docs/adr/0023): permissions and menus for
 * roles, each written once — a grant that exists is left, a menu whose address exists is not made again (the seed or
 * an administrator made it: it stays as they left it).
 */
export async function grantPermission(tx: EntityManager, roleIds: readonly string[], permission: string): Promise<void> {
  for (const id of roleIds) await tx.query(`INSERT INTO sys_role_permission (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, permission]);
}

export async function grantMenu(tx: EntityManager, menuId: string, roleIds: readonly string[]): Promise<void> {
  for (const id of roleIds) await tx.query(`INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, menuId]);
}

export interface MenuSpec {
  parentId: string | null;
  url: string;
  name: string;
  nameEn: string;
  permission: string;
  icon: string;
  sort: number;
  remark?: object;
}

/** The menu at this address: the one that exists, or a new one. */
export async function menuOnce(tx: EntityManager, m: MenuSpec): Promise<{ id: string; created: boolean }> {
  const [existing] = (await tx.query(`SELECT id FROM sys_menu WHERE url = $1 ORDER BY created_at LIMIT 1`, [m.url])) as { id: string }[];
  if (existing) return { id: existing.id, created: false };
  const [row] = (await tx.query(
    `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [m.parentId, m.name, m.nameEn, m.url, m.permission, m.icon, m.sort, JSON.stringify(m.remark ?? {})],
  )) as { id: string }[];
  return { id: (row as { id: string }).id, created: true };
}
