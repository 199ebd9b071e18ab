import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MenuNode, MenuRemark, PermissionInfo } from '@schoolflow/contracts';
import { permissionsOf, rolesOf } from './grants.sql.js';

interface MenuRow {
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
  permissions: Set<string>;
}

/**
 * What a user may see and do: their enabled roles, the menus granted to those roles (with every ancestor, so a
 * granted leaf always has its path), and the permission values of those menus plus the roles' own grants.
 * Computed from the database on each call, so "refresh permissions" needs no cache invalidation across instances.
 */
@Injectable()
export class AccessService {
  constructor(private readonly db: DataSource) {}

  async grants(userId: string): Promise<Grants> {
    const rows: { roles: string[]; permissions: string[] }[] = await this.db.query(`SELECT ${rolesOf('$1::uuid')} AS roles, ${permissionsOf('$1::uuid')} AS permissions`, [userId]);
    return { roles: rows[0]?.roles ?? [], permissions: new Set(rows[0]?.permissions ?? []) };
  }

  async menus(userId: string): Promise<MenuNode[]> {
    const rows: MenuRow[] = await this.db.query(
      `WITH RECURSIVE granted AS (
         SELECT m.* FROM sys_menu m
          WHERE m.enabled AND m.id IN (
            SELECT rm.menu_id FROM sys_role_menu rm JOIN sys_user_role ur ON ur.role_id = rm.role_id
              JOIN sys_role r ON r.id = rm.role_id AND r.enabled WHERE ur.user_id = $1)
         UNION
         SELECT p.* FROM sys_menu p JOIN granted g ON g.parent_id = p.id WHERE p.enabled
       )
       SELECT DISTINCT id, parent_id, name, name_en, url, permission, icon, sort, remark FROM granted`,
      [userId],
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
