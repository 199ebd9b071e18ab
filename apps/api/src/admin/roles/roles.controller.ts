import { Controller, UseInterceptors } from '@nestjs/common';
import { AccessChangeInterceptor } from '../../identity/domain/access-change.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import {
  enableSchema,
  type Envelope,
  idsSchema,
  type Language,
  type NormalisedTable,
  oneIdSchema,
  Permission,
  roleGrantSchema,
  roleIdSchema,
  type RoleInput,
  type RoleRow,
  roleSchema,
  roleTestSqlSchema,
  type RoleTypeRow,
  roleTypeSchema,
  roleUsersSchema,
  adminTableRequestSchema,
} from '@schoolflow/contracts';
import { AccessService } from '../../access/domain/access.service.js';
import { DynamicRoleRunner } from '../../access/domain/dynamic-role-runner.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, likePattern, pageOf, str, switchRows, uniqueAs } from '../shared/admin-support.js';

/** Role types (ordinary / dynamic SQL) and roles: CRUD, grants of menus and permission values, users, SQL test. */
@ApiTags('admin')
// Its writes change who may do what: this instance's cached grants are dropped at once (docs/adr/0010).
@UseInterceptors(AccessChangeInterceptor)
@Controller()
export class RolesController {
  constructor(
    private readonly db: DataSource,
    private readonly runner: DynamicRoleRunner,
    private readonly access: AccessService,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/roleType/list', Permission.roleList)
  async typeList(): Promise<Envelope<RoleTypeRow[]>> {
    const rows: RoleTypeRow[] = await this.db.query(
      `SELECT t.id, t.name, t.kind, t.remark, (SELECT count(*)::int FROM sys_role r WHERE r.role_type_id = t.id) AS roles FROM sys_role_type t ORDER BY t.created_at, t.name`,
    );
    return ok(rows);
  }

  @AdminPost('ms/roleType/save', Permission.roleEdit)
  async typeSave(@ValidBody(roleTypeSchema) input: z.output<typeof roleTypeSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const id = await uniqueAs('roleTypeUsed', async () => {
      if (input.id) {
        const used: { n: number; kind: string }[] = await this.db.query(`SELECT kind, (SELECT count(*)::int FROM sys_role WHERE role_type_id = $1) AS n FROM sys_role_type WHERE id = $1`, [input.id]);
        if (!used[0]) throw AppException.notFound();
        if (used[0].n > 0 && used[0].kind !== input.kind) throw AppException.badRequest('roleKindChange');
        await this.db.query(`UPDATE sys_role_type SET name = $2, kind = $3, remark = $4 WHERE id = $1`, [input.id, input.name, input.kind, input.remark]);
        return input.id;
      }
      const rows: { id: string }[] = await this.db.query(`INSERT INTO sys_role_type (name, kind, remark) VALUES ($1, $2, $3) RETURNING id`, [input.name, input.kind, input.remark]);
      return (rows[0] as { id: string }).id;
    });
    await this.audit.record(me, client, input.id ? 'roleType.update' : 'roleType.create', input.name, { id, kind: input.kind });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/roleType/delete', Permission.roleEdit)
  async typeDelete(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const used: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM sys_role WHERE role_type_id = $1`, [id]);
    if ((used[0]?.n ?? 0) > 0) throw AppException.badRequest('roleTypeInUse');
    await this.db.query(`DELETE FROM sys_role_type WHERE id = $1`, [id]);
    await this.audit.record(me, client, 'roleType.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/role/list', Permission.roleList)
  async list(@ValidBody(adminTableRequestSchema) t: NormalisedTable): Promise<Envelope<{ total: number; list: RoleRow[] }>> {
    const args: unknown[] = [];
    const where: string[] = [];
    const kw = str(t.query.keyword);
    if (kw) {
      args.push(likePattern(kw));
      where.push(`(r.code ILIKE $${args.length} OR r.name ILIKE $${args.length})`);
    }
    const typeId = str(t.query.roleTypeId);
    if (/^[0-9a-f-]{36}$/i.test(typeId)) {
      args.push(typeId);
      where.push(`r.role_type_id = $${args.length}`);
    }
    const q = {
      select: `r.id, r.code, r.name, r.name_en AS "nameEn", r.role_type_id AS "roleTypeId", t.name AS "roleTypeName", r.kind, r.sql, r.procedure,
              r.enabled, r.sort, r.built_in AS "builtIn", (SELECT count(*)::int FROM sys_user_role ur WHERE ur.role_id = r.id) AS users`,
      from: `sys_role r LEFT JOIN sys_role_type t ON t.id = r.role_type_id ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
      order: 'r.sort, r.code',
    };
    return ok(await pageOf<RoleRow>(this.db, t, q, args));
  }

  @AdminPost('ms/role/save', Permission.roleEdit)
  async save(@ValidBody(roleSchema) input: RoleInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const types: { kind: 'ordinary' | 'dynamic' }[] = await this.db.query(`SELECT kind FROM sys_role_type WHERE id = $1`, [input.roleTypeId]);
    const kind = types[0]?.kind;
    if (!kind) throw AppException.badRequest('validation.idInvalid');
    let sql = '';
    let procedure = '';
    if (kind === 'dynamic') {
      sql = input.sql.trim();
      procedure = sql ? '' : input.procedure.trim();
      if (!sql && !procedure) throw AppException.badRequest('dynamicSqlRequired');
      // Validated on save: it must parse, run read-only within the timeout and answer a user_id column. A refused
      // SQL is an administrator's attempt on the database too: it goes to the operation log with its text.
      try {
        await this.runner.resolve({ sql, procedure }, await this.runner.context(me.userId));
      } catch (err) {
        const detail = { id: input.id ?? null, kind, sql: sql.slice(0, 2000), procedure, refused: err instanceof AppException ? err.messageKey : 'error' };
        await this.audit.record(me, client, input.id ? 'role.update' : 'role.create', input.code, detail, 'failure');
        throw err;
      }
    }
    const dup: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM sys_role WHERE name = $1 AND ($2::uuid IS NULL OR id <> $2::uuid)`, [input.name, input.id ?? null]);
    if ((dup[0]?.n ?? 0) > 0) throw AppException.badRequest('roleNameUsed');
    const id = await uniqueAs('roleCodeUsed', async () => {
      if (input.id) {
        const cur: { code: string; built_in: boolean; kind: string }[] = await this.db.query(`SELECT code, built_in, kind FROM sys_role WHERE id = $1`, [input.id]);
        if (!cur[0]) throw AppException.notFound();
        if (cur[0].built_in && cur[0].code !== input.code) throw AppException.badRequest('roleBuiltInCode');
        await this.db.query(
          `UPDATE sys_role SET name = $2, code = $3, name_en = $4, role_type_id = $5, kind = $6, sql = $7, procedure = $8, sort = $9 WHERE id = $1`,
          [input.id, input.name, input.code, input.nameEn, input.roleTypeId, kind, sql, procedure, input.sort],
        );
        if (kind === 'dynamic') await this.db.query(`DELETE FROM sys_user_role WHERE role_id = $1`, [input.id]);
        return input.id;
      }
      const rows: { id: string }[] = await this.db.query(
        `INSERT INTO sys_role (name, code, name_en, role_type_id, kind, sql, procedure, sort) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [input.name, input.code, input.nameEn, input.roleTypeId, kind, sql, procedure, input.sort],
      );
      return (rows[0] as { id: string }).id;
    });
    this.access.invalidateDynamic();
    await this.audit.record(me, client, input.id ? 'role.update' : 'role.create', input.code, { id, kind, sql: sql.slice(0, 2000), procedure });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/role/enable', Permission.roleEdit)
  async enable(@ValidBody(enableSchema) input: z.output<typeof enableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await switchRows(this.db, this.audit, { me, client }, { table: 'sys_role', column: 'enabled', ids: input.ids, on: input.enabled, actions: ['role.enable', 'role.disable'] });
    this.access.invalidateDynamic();
    return ok(undefined, translate(lang, 'enableOk'));
  }

  @AdminPost('ms/role/delete', Permission.roleEdit)
  async remove(@ValidBody(idsSchema) { ids }: z.output<typeof idsSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const builtIn: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM sys_role WHERE id = ANY($1::uuid[]) AND built_in`, [ids]);
    if ((builtIn[0]?.n ?? 0) > 0) throw AppException.badRequest('roleBuiltIn');
    await this.db.query(`DELETE FROM sys_role WHERE id = ANY($1::uuid[])`, [ids]);
    this.access.invalidateDynamic();
    await this.audit.record(me, client, 'role.delete', ids.join(','), { ids });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/role/grant', Permission.roleEdit)
  async grant(@ValidBody(roleGrantSchema) input: z.output<typeof roleGrantSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.db.transaction(async (tx) => {
      const found: unknown[] = await tx.query(`SELECT 1 FROM sys_role WHERE id = $1 FOR UPDATE`, [input.roleId]);
      if (found.length === 0) throw AppException.notFound();
      await tx.query(`DELETE FROM sys_role_menu WHERE role_id = $1`, [input.roleId]);
      await tx.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT $1, m.id FROM sys_menu m WHERE m.id = ANY($2::uuid[])`, [input.roleId, input.menuIds]);
      await tx.query(`DELETE FROM sys_role_permission WHERE role_id = $1`, [input.roleId]);
      await tx.query(`INSERT INTO sys_role_permission (role_id, permission) SELECT DISTINCT $1::uuid, p FROM unnest($2::text[]) p`, [input.roleId, input.permissions]);
    });
    this.access.invalidateDynamic();
    await this.audit.record(me, client, 'role.grant', input.roleId, { menus: input.menuIds.length, permissions: input.permissions });
    return ok(undefined, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/role/grants', Permission.roleList)
  async grants(@ValidBody(roleIdSchema) { roleId }: z.output<typeof roleIdSchema>): Promise<Envelope<{ menuIds: string[]; permissions: string[] }>> {
    const menus: { menu_id: string }[] = await this.db.query(`SELECT menu_id FROM sys_role_menu WHERE role_id = $1`, [roleId]);
    const perms: { permission: string }[] = await this.db.query(`SELECT permission FROM sys_role_permission WHERE role_id = $1 ORDER BY permission`, [roleId]);
    return ok({ menuIds: menus.map((m) => m.menu_id), permissions: perms.map((p) => p.permission) });
  }

  @AdminPost('ms/role/users', Permission.roleList)
  async users(@ValidBody(roleIdSchema) { roleId }: z.output<typeof roleIdSchema>): Promise<Envelope<{ id: string; account: string; name: string; userType: string }[]>> {
    const rows: { id: string; account: string; name: string; userType: string }[] = await this.db.query(
      `SELECT u.id, u.account, u.name, u.user_type AS "userType" FROM sys_user_role ur JOIN sys_user u ON u.id = ur.user_id WHERE ur.role_id = $1 ORDER BY u.account LIMIT 10000`,
      [roleId],
    );
    return ok(rows);
  }

  @AdminPost('ms/role/setUsers', Permission.roleEdit)
  async setUsers(@ValidBody(roleUsersSchema) input: z.output<typeof roleUsersSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const role: { kind: string; code: string }[] = await this.db.query(`SELECT kind, code FROM sys_role WHERE id = $1`, [input.roleId]);
    if (!role[0]) throw AppException.notFound();
    if (role[0].kind !== 'ordinary') throw AppException.badRequest('roleNotOrdinary');
    await this.db.transaction(async (tx) => {
      await tx.query(`DELETE FROM sys_user_role WHERE role_id = $1`, [input.roleId]);
      await tx.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, $1 FROM sys_user u WHERE u.id = ANY($2::uuid[])`, [input.roleId, input.userIds]);
    });
    await this.audit.record(me, client, 'role.setUsers', role[0].code, { roleId: input.roleId, users: input.userIds.length });
    return ok(undefined, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/role/testSql', Permission.roleEdit)
  async testSql(@ValidBody(roleTestSqlSchema) input: z.output<typeof roleTestSqlSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<{ id: string; account: string; name: string }[]>> {
    // Every test is logged with its text: it runs an administrator's SQL on the database (docs/adr/0014).
    const detail = { sql: (input.sql ?? '').slice(0, 2000), procedure: input.procedure ?? '' };
    let ids: string[];
    try {
      ids = await this.runner.resolve(input, await this.runner.context(me.userId));
    } catch (err) {
      await this.audit.record(me, client, 'role.testSql', null, { ...detail, refused: err instanceof AppException ? err.messageKey : 'error' }, 'failure');
      throw err;
    }
    await this.audit.record(me, client, 'role.testSql', null, { ...detail, users: ids.length });
    const rows: { id: string; account: string; name: string }[] = await this.db.query(`SELECT id, account, name FROM sys_user WHERE id = ANY($1::uuid[]) ORDER BY account LIMIT 1000`, [ids]);
    return ok(rows);
  }
}
