import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, type MenuAdminNode, MENU_URL_PATTERN, PERMISSION_PATTERN, type RoleRow } from '@schoolflow/contracts';
import type { QueryRunner } from 'typeorm';
import { NamesWithinTheRule1732000035000 } from '../../migrations/1732000035000-names-within-the-rule.js';
import { call, withDb } from '../support/api.js';
import { admin, expectOk } from '../support/admin.js';

/**
 * Issue 22: every role and menu the platform creates can be saved unchanged through the administration API — the
 * names it generates (resources' permissions and pages, flows', grades', the timetable's, the upgrade's, the demo's)
 * keep the spec's rule for router addresses and permission values (docs/adr/0030). Re-saving writes the same rows.
 */
let token: string;
const post = <T = unknown>(path: string, json: unknown) => call<T>(path, { token, json });
const flatten = (nodes: MenuAdminNode[]): MenuAdminNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

beforeAll(async () => {
  token = await admin();
});

describe('what the platform ships, saved unchanged', () => {
  it('every seeded role\'s grants: each permission within the rule, saved as read, read back the same', async () => {
    const roles = ((await post<{ list: RoleRow[] }>(AdminPath.roleList, { current: 1, size: 100 })).body.data?.list ?? []) as RoleRow[];
    expect(roles.map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'principal', 'office', 'headteacher', 'teacher', 'student', 'parent']));
    for (const role of roles) {
      const grants = (await post<{ menuIds: string[]; permissions: string[] }>(AdminPath.roleGrants, { roleId: role.id })).body.data as { menuIds: string[]; permissions: string[] };
      expect({ role: role.code, outside: grants.permissions.filter((p) => !PERMISSION_PATTERN.test(p)) }).toEqual({ role: role.code, outside: [] });
      const saved = await post(AdminPath.roleGrant, { roleId: role.id, ...grants });
      expect({ role: role.code, status: saved.status, result: saved.body.result, msg: saved.body.msg }).toEqual({ role: role.code, status: 200, result: true, msg: '保存成功' });
      const again = (await post<{ menuIds: string[]; permissions: string[] }>(AdminPath.roleGrants, { roleId: role.id })).body.data as { menuIds: string[]; permissions: string[] };
      expect({ menuIds: [...again.menuIds].sort(), permissions: again.permissions }).toEqual({ menuIds: [...grants.menuIds].sort(), permissions: grants.permissions });
    }
  });

  it('every seeded menu: address and permission within the rule, saved as read, the tree the same after', async () => {
    const before = flatten((await post<MenuAdminNode[]>(AdminPath.menuTree, {})).body.data as MenuAdminNode[]);
    expect(before.length).toBeGreaterThan(60);
    for (const menu of before) {
      expect({ url: menu.url, ok: MENU_URL_PATTERN.test(menu.url) && PERMISSION_PATTERN.test(menu.permission) }).toEqual({ url: menu.url, ok: true });
      const { children: _children, ...input } = menu;
      expectOk(await post(AdminPath.menuSave, input));
    }
    const after = flatten((await post<MenuAdminNode[]>(AdminPath.menuTree, {})).body.data as MenuAdminNode[]);
    // the same rows (siblings of one sort may come in another order)
    const byId = (nodes: MenuAdminNode[]) => nodes.map(({ children: _c, ...m }) => m).sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(after)).toEqual(byId(before));
  });
});

describe('a school whose database has the old names (migration 1732000035000)', () => {
  it('its hyphens become underscores in grants, menus and page registrations; down and up again leave the same rows', async () => {
    const snapshot = () =>
      withDb(async (c) => ({
        permissions: (await c.query(`SELECT role_id, permission FROM sys_role_permission ORDER BY 1, 2`)).rows,
        menus: (await c.query(`SELECT id, url FROM sys_menu ORDER BY 1`)).rows,
        registrations: (await c.query(`SELECT flow FROM wf_flow_registration ORDER BY 1`)).rows,
      }));
    const before = await snapshot();
    const migration = new NamesWithinTheRule1732000035000();
    await withDb(async (c) => {
      const runner = { query: (sql: string, params?: unknown[]) => c.query(sql, params) } as unknown as QueryRunner;
      await c.query('BEGIN');
      try {
        await migration.down(runner);
        const old = (await c.query(`SELECT count(*)::int AS n FROM sys_menu WHERE url = '/academic/teaching-classes'`)).rows[0].n as number;
        const grants = (await c.query(`SELECT count(*)::int AS n FROM sys_role_permission WHERE permission = 'academic:teaching-classes:list'`)).rows[0].n as number;
        const marks = (await c.query(`SELECT count(*)::int AS n FROM wf_flow_registration WHERE flow = 'resource:/academic/teaching-classes'`)).rows[0].n as number;
        expect({ old, grants: grants > 0, marks }).toEqual({ old: 1, grants: true, marks: 1 });
        await migration.up(runner);
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      }
    });
    expect(await snapshot()).toEqual(before);
  });
});
