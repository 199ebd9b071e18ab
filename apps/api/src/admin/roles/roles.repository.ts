import { Injectable } from '@nestjs/common';
import type { NormalisedTable, RoleRow, RoleTypeRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { pageOf } from '../shared/admin-support.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

export type RoleKind = 'ordinary' | 'dynamic';

/** A role type as written (`sys_role_type`). */
export interface RoleTypeWrite {
  name: string;
  kind: RoleKind;
  remark: string;
}

/** A role as written (`sys_role`): for a dynamic one, its SQL or its procedure (one of them, the other empty). */
export interface RoleWrite {
  name: string;
  code: string;
  nameEn: string;
  roleTypeId: string;
  kind: RoleKind;
  sql: string;
  procedure: string;
  sort: number;
}

/** A user as the role pages list them. */
export interface RoleUser {
  id: string;
  account: string;
  name: string;
}

/** A role's written columns, in the order both the insert and the update name them. */
const roleColumns = (r: RoleWrite): unknown[] => [r.name, r.code, r.nameEn, r.roleTypeId, r.kind, r.sql, r.procedure, r.sort];

const ROLE_COLUMNS = `r.id, r.code, r.name, r.name_en AS "nameEn", r.role_type_id AS "roleTypeId", t.name AS "roleTypeName", r.kind, r.sql, r.procedure,
              r.enabled, r.sort, r.built_in AS "builtIn", (SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = r.id) AS users`;

/**
 * Role types and roles (`sys_role_type`, `sys_role`), their grants (`sys_role_menu`, `sys_role_permission`) and their
 * users (`sys_user_role`): the administration's reads and writes, each one statement (or one transaction where the
 * rows must change together). What may be changed is the controller's to decide; a unique key taken is thrown as the
 * database's error, for the caller to name (`uniqueAs`).
 */
@Injectable()
export class RolesRepository {
  constructor(private readonly db: DataSource) {}

  // — role types —

  listTypes(): Promise<RoleTypeRow[]> {
    return this.db.query(`SELECT t.id, t.name, t.kind, t.remark, (SELECT count(*)::int FROM sys_role r WHERE r.role_type_id = t.id) AS roles FROM sys_role_type t ORDER BY t.created_at, t.name`);
  }

  /** A type's kind and how many roles have it; null when there is no such type. */
  async typeUse(id: string): Promise<{ kind: RoleKind; roles: number } | null> {
    const [row] = (await this.db.query(`SELECT kind, (SELECT count(*)::int FROM sys_role WHERE role_type_id = $1) AS roles FROM sys_role_type WHERE id = $1`, [id])) as { kind: RoleKind; roles: number }[];
    return row ?? null;
  }

  /** How many roles have the type. */
  async rolesOfType(id: string): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM sys_role WHERE role_type_id = $1`, [id])) as { n: number }[];
    return row?.n ?? 0;
  }

  /** The type's kind; null when there is no such type. */
  async kindOfType(id: string): Promise<RoleKind | null> {
    const [row] = (await this.db.query(`SELECT kind FROM sys_role_type WHERE id = $1`, [id])) as { kind: RoleKind }[];
    return row?.kind ?? null;
  }

  async updateType(id: string, t: RoleTypeWrite): Promise<void> {
    await this.db.query(`UPDATE sys_role_type SET name = $2, kind = $3, remark = $4 WHERE id = $1`, [id, t.name, t.kind, t.remark]);
  }

  async insertType(t: RoleTypeWrite): Promise<string> {
    const [row] = (await this.db.query(`INSERT INTO sys_role_type (name, kind, remark) VALUES ($1, $2, $3) RETURNING id`, [t.name, t.kind, t.remark])) as { id: string }[];
    return (row as { id: string }).id;
  }

  async deleteType(id: string): Promise<void> {
    await this.db.query(`DELETE FROM sys_role_type WHERE id = $1`, [id]);
  }

  // — roles —

  /** One page of roles, by code or name (`keyword`, ILIKE) and type, in their order. */
  page(t: NormalisedTable, filter: { keyword: string; roleTypeId: string | null }): Promise<{ total: number; list: RoleRow[] }> {
    const args: unknown[] = [];
    const where: string[] = [];
    if (filter.keyword) {
      args.push(likePattern(filter.keyword));
      where.push(`(r.code ILIKE $${args.length} OR r.name ILIKE $${args.length})`);
    }
    if (filter.roleTypeId) {
      args.push(filter.roleTypeId);
      where.push(`r.role_type_id = $${args.length}`);
    }
    const from = `sys_role r LEFT JOIN sys_role_type t ON t.id = r.role_type_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    return pageOf<RoleRow>(this.db, t, { select: ROLE_COLUMNS, from, order: 'r.sort, r.code' }, args);
  }

  /** Whether another role (not `exceptId`) has the name. */
  async nameTaken(name: string, exceptId: string | null): Promise<boolean> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM sys_role WHERE name = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`, [name, exceptId])) as { n: number }[];
    return (row?.n ?? 0) > 0;
  }

  /** What the controller decides a role's change on; null when there is no such role. */
  async role(id: string): Promise<{ code: string; builtIn: boolean; kind: RoleKind } | null> {
    const [row] = (await this.db.query(`SELECT code, built_in AS "builtIn", kind FROM sys_role WHERE id = $1`, [id])) as { code: string; builtIn: boolean; kind: RoleKind }[];
    return row ?? null;
  }

  async updateRole(id: string, r: RoleWrite): Promise<void> {
    await this.db.query(`UPDATE sys_role SET name = $2, code = $3, name_en = $4, role_type_id = $5, kind = $6, sql = $7, procedure = $8, sort = $9 WHERE id = $1`, [id, ...roleColumns(r)]);
  }

  async insertRole(r: RoleWrite): Promise<string> {
    const [row] = (await this.db.query(`INSERT INTO sys_role (name, code, name_en, role_type_id, kind, sql, procedure, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, roleColumns(r))) as { id: string }[];
    return (row as { id: string }).id;
  }

  /** Roles turned on or off (a disabled role grants nothing). */
  async setEnabled(ids: readonly string[], on: boolean): Promise<void> {
    await this.db.query(`UPDATE sys_role SET enabled = $2 WHERE id = ANY($1::uuid[])`, [ids, on]);
  }

  /** Whether any of the roles is built in. */
  async anyBuiltIn(ids: readonly string[]): Promise<boolean> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM sys_role WHERE id = ANY($1::uuid[]) AND built_in`, [ids])) as { n: number }[];
    return (row?.n ?? 0) > 0;
  }

  async deleteRoles(ids: readonly string[]): Promise<void> {
    await this.db.query(`DELETE FROM sys_role WHERE id = ANY($1::uuid[])`, [ids]);
  }

  // — grants —

  /**
   * The role's menus and permission values, replaced as one (the role's row locked, so two grants at once leave one
   * of them whole); false when there is no such role. Menus that do not exist are left out.
   */
  replaceGrants(roleId: string, menuIds: readonly string[], permissions: readonly string[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const found: unknown[] = await tx.query(`SELECT 1 FROM sys_role WHERE id = $1 FOR UPDATE`, [roleId]);
      if (found.length === 0) return false;
      await tx.query(`DELETE FROM sys_role_menu WHERE role_id = $1`, [roleId]);
      await tx.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, m.id FROM sys_menu m WHERE m.id = ANY($2::uuid[])`, [roleId, menuIds]);
      await tx.query(`DELETE FROM sys_role_permission WHERE role_id = $1`, [roleId]);
      await tx.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT DISTINCT $1::uuid, p FROM unnest($2::text[]) p`, [roleId, permissions]);
      return true;
    });
  }

  async grants(roleId: string): Promise<{ menuIds: string[]; permissions: string[] }> {
    const [menus, perms] = await Promise.all([
      this.db.query(`SELECT menu_id FROM sys_role_menu WHERE role_id = $1`, [roleId]) as Promise<{ menu_id: string }[]>,
      this.db.query(`SELECT permission FROM sys_role_permission WHERE role_id = $1 ORDER BY permission`, [roleId]) as Promise<{ permission: string }[]>,
    ]);
    return { menuIds: menus.map((m) => m.menu_id), permissions: perms.map((p) => p.permission) };
  }

  // — users —

  /** The role's users, by account (at most 10,000). */
  users(roleId: string): Promise<(RoleUser & { userType: string })[]> {
    return this.db.query(`SELECT u.id, u.account, u.name, u.user_type AS "userType" FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id WHERE ur.role_id = $1 ORDER BY u.account LIMIT 10000`, [roleId]);
  }

  /** The role's users replaced as one; ids that are no user are left out. */
  async setUsers(roleId: string, userIds: readonly string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM sys_user_role WHERE role_id = $1`, [roleId]);
      await tx.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, $1 FROM sys_user u WHERE u.id = ANY($2::uuid[])`, [roleId, userIds]);
    });
  }

  /** A role becoming dynamic loses the users given to it by hand (its query says who they are now). */
  async dropUsers(roleId: string): Promise<void> {
    await this.db.query(`DELETE FROM sys_user_role WHERE role_id = $1`, [roleId]);
  }

  /** Users by id (a dynamic role's answer), by account (at most 1,000). */
  usersByIds(ids: readonly string[]): Promise<RoleUser[]> {
    return this.db.query(`SELECT id, account, name FROM sys_user WHERE id = ANY($1::uuid[]) ORDER BY account LIMIT 1000`, [ids]);
  }
}
