import { RESOURCE_GROUPS, RESOURCES, resources as texts, RoleCode } from '@schoolflow/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { logger } from '../infrastructure/logging/logger.js';

const title = (lang: 'zh' | 'en', key: string): string => {
  let node: unknown = texts[lang].resource;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
};

/** The menus of the kit: each resource's page under its group; 招生管理 is the students page for admissions. */
const pages = () => [
  ...Object.values(RESOURCES)
    .filter((d) => d.menu)
    .map((d) => ({ url: `/academic/${d.name}`, key: `${d.name}.title`, group: d.menu!.group, sort: d.menu!.sort, icon: d.menu!.icon, read: d.permissions.read, write: d.permissions.write, scoped: d.scopedReaders ?? [] })),
  { url: '/academic/admission', key: 'admission.title', group: 'admission', sort: 2, icon: 'user plus', read: 'academic:students:list', write: 'academic:students:edit', scoped: [] as readonly string[] },
];

/**
 * A resource met for the first time (docs/adr/0023): administrators get its read and write permissions and its page
 * under the spec's §2 title in their menu; the roles it names as scoped readers get its page too (a head teacher's
 * 学生管理 shows their class). Done once per resource, under a lock, as flows are registered — so an administrator's
 * later changes to menus and grants stand.
 */
export async function registerResources(db: DataSource): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(727003)`);
    const known = new Set(((await tx.query(`SELECT flow FROM wf_flow_registration WHERE flow LIKE 'resource:%'`)) as { flow: string }[]).map((r) => r.flow));
    for (const page of pages()) {
      const mark = `resource:${page.url}`;
      if (known.has(mark)) continue;
      await register(tx, page);
      await tx.query(`INSERT INTO wf_flow_registration (flow) VALUES ($1)`, [mark]);
      logger.info({ page: page.url }, 'resource page registered');
    }
  });
}

async function register(tx: EntityManager, page: ReturnType<typeof pages>[number]): Promise<void> {
  const roles = (await tx.query(`SELECT id, code FROM sys_role`)) as { id: string; code: string }[];
  const admin = roles.filter((r) => r.code === RoleCode.admin).map((r) => r.id);
  const scoped = roles.filter((r) => page.scoped.includes(r.code)).map((r) => r.id);
  for (const id of admin) for (const p of [page.read, page.write]) await tx.query(`INSERT INTO sys_role_permission (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, p]);
  const grant = async (menuId: string, roleIds: readonly string[]) => {
    for (const id of roleIds) await tx.query(`INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, menuId]);
  };
  const group = RESOURCE_GROUPS[page.group as keyof typeof RESOURCE_GROUPS];
  const groupUrl = `/academic/group/${page.group}`;
  let [parent] = (await tx.query(`SELECT id FROM sys_menu WHERE url = $1`, [groupUrl])) as { id: string }[];
  if (!parent) {
    [parent] = (await tx.query(
      `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort) VALUES (NULL, $1, $2, $3, $4, $5, $6) RETURNING id`,
      [title('zh', `groups.${page.group}`), title('en', `groups.${page.group}`), groupUrl, `menu:academic_${page.group}`, group?.icon ?? 'folder', group?.sort ?? 40],
    )) as { id: string }[];
  }
  if (!parent) return;
  await grant(parent.id, [...admin, ...scoped]);
  const [existing] = (await tx.query(`SELECT id FROM sys_menu WHERE url = $1`, [page.url])) as { id: string }[];
  if (existing) return;
  const [row] = (await tx.query(
    `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [parent.id, title('zh', page.key), title('en', page.key), page.url, `menu:${page.url.slice(1).replace(/[/-]/g, '_')}`, page.icon, page.sort],
  )) as { id: string }[];
  if (row) await grant(row.id, [...admin, ...scoped]);
}
