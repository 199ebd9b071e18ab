import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MenuNode, MenuRemark, PermissionInfo } from '@schoolflow/contracts';
import { logger } from '../../infrastructure/logging/logger.js';
import { DynamicRoleRunner } from './dynamic-role-runner.js';
import { permissionsOf, rolesOf } from './grants.sql.js';

/** Dynamic role membership and the list of dynamic roles are cached this long (docs/adr/0008-dynamic-roles.md). */
const DYNAMIC_CACHE_MS = 5_000;

interface DynamicRole {
  id: string;
  code: string;
  sql: string;
  procedure: string;
  permissions: string[];
}

export interface MenuRow {
  id: string;
  parent_id: string | null;
  name: string;
  name_en: string;
  url: string;
  permission: string;
  icon: string;
  sort: number;
  remark: MenuRemark;
}

export interface Grants {
  roles: string[];
  permissions: ReadonlySet<string>;
}

/**
 * What a user may see and do: their enabled roles, the menus granted to those roles (with every ancestor, so a
 * granted leaf always has its path), and the permission values of those menus plus the roles' own grants.
 * Computed from the database on each call, so "refresh permissions" needs no cache invalidation across instances.
 */
@Injectable()
export class AccessService {
  private dynamicRoles: { at: number; roles: Promise<DynamicRole[]> } | undefined;
  private readonly membership = new Map<string, { at: number; roles: Promise<DynamicRole[]> }>();

  constructor(
    private readonly db: DataSource,
    private readonly runner: DynamicRoleRunner,
  ) {}

  async grants(userId: string): Promise<Grants> {
    const rows: { roles: string[]; permissions: string[] }[] = await this.db.query(`SELECT ${rolesOf('$1::uuid')} AS roles, ${permissionsOf('$1::uuid')} AS permissions`, [userId]);
    return this.withDynamic(userId, { roles: rows[0]?.roles ?? [], permissions: new Set(rows[0]?.permissions ?? []) });
  }

  /** Adds the dynamic roles whose query, run in the user's context, includes the user (and their permissions). */
  async withDynamic(userId: string, grants: Grants): Promise<Grants> {
    const dynamic = await this.dynamicRolesOf(userId);
    if (dynamic.length === 0) return grants;
    const roles = [...new Set([...grants.roles, ...dynamic.map((r) => r.code)])].sort();
    const permissions = new Set(grants.permissions);
    for (const r of dynamic) for (const p of r.permissions) permissions.add(p);
    return { roles, permissions };
  }

  /** Forget cached dynamic memberships (after a role is saved on this instance). */
  invalidateDynamic(): void {
    this.dynamicRoles = undefined;
    this.membership.clear();
  }

  private allDynamicRoles(): Promise<DynamicRole[]> {
    const now = Date.now();
    if (!this.dynamicRoles || now - this.dynamicRoles.at > DYNAMIC_CACHE_MS) {
      const roles: Promise<DynamicRole[]> = this.db
        .query(
          `SELECT r.id, r.code, r.sql, r.procedure,
                  coalesce((SELECT array_agg(DISTINCT p.permission) FROM (
                     SELECT rp.permission FROM sys_role_permission rp WHERE rp.role_id = r.id
                     UNION SELECT m.permission FROM sys_role_menu rm JOIN sys_menu m ON m.id = rm.menu_id AND m.enabled AND m.permission <> '' WHERE rm.role_id = r.id) p), '{}') AS permissions
             FROM sys_role r WHERE r.enabled AND r.kind = 'dynamic' AND (r.sql <> '' OR r.procedure <> '')`,
        )
        .then((rows: DynamicRole[]) => rows);
      roles.catch(() => undefined);
      this.dynamicRoles = { at: now, roles };
    }
    return this.dynamicRoles.roles;
  }

  async dynamicRolesOf(userId: string): Promise<DynamicRole[]> {
    const all = await this.allDynamicRoles().catch(() => [] as DynamicRole[]);
    if (all.length === 0) return [];
    const now = Date.now();
    const hit = this.membership.get(userId);
    if (hit && now - hit.at <= DYNAMIC_CACHE_MS) return hit.roles;
    if (this.membership.size > 10_000) this.membership.clear();
    const roles = (async () => {
      const ctx = await this.runner.context(userId);
      const out: DynamicRole[] = [];
      for (const role of all) {
        try {
          const ids = await this.runner.resolve(role, ctx);
          if (ids.includes(userId)) out.push(role);
        } catch (err) {
          // A broken dynamic role grants nothing; it must not fail the user's request.
          logger.warn({ err, role: role.code }, 'dynamic role evaluation failed');
        }
      }
      return out;
    })();
    this.membership.set(userId, { at: now, roles });
    return roles;
  }

  async menus(userId: string): Promise<MenuNode[]> {
    const rows: MenuRow[] = await this.db.query(
      `WITH RECURSIVE granted AS (
         SELECT m.* FROM sys_menu m
          WHERE m.enabled AND m.id IN (
            SELECT rm.menu_id FROM sys_role_menu rm JOIN sys_user_role ur ON ur.role_id = rm.role_id
              JOIN sys_role r ON r.id = rm.role_id AND r.enabled WHERE ur.user_id = $1
            UNION SELECT rm.menu_id FROM sys_role_menu rm WHERE rm.role_id = ANY($2::uuid[]))
         UNION
         SELECT p.* FROM sys_menu p JOIN granted g ON g.parent_id = p.id WHERE p.enabled
       )
       SELECT DISTINCT id, parent_id, name, name_en, url, permission, icon, sort, remark FROM granted`,
      [userId, (await this.dynamicRolesOf(userId)).map((r) => r.id)],
    );
    return buildTree(rows);
  }

  async permissionInfo(user: { userId: string; account: string; name: string; userType: string }): Promise<PermissionInfo> {
    const [grants, menus] = await Promise.all([this.grants(user.userId), this.menus(user.userId)]);
    return {
      menus,
      permission: [...grants.permissions].sort(),
      roles: grants.roles,
      userInfo: { username: user.name, userId: user.account, userType: user.userType, id: user.userId },
      requestId: randomUUID(),
    };
  }
}

function buildTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      menuname: r.name,
      menuurl: r.url,
      icon: r.icon,
      remark: JSON.stringify({ ...r.remark, menuNameEng: r.name_en }),
      sort: r.sort,
      permission: r.permission,
      menus: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id);
    if (!node) continue;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.menus : roots).push(node);
  }
  const sort = (list: MenuNode[]): MenuNode[] => {
    list.sort((a, b) => a.sort - b.sort || a.menuname.localeCompare(b.menuname));
    for (const n of list) sort(n.menus);
    return list;
  };
  return sort(roots);
}
