import { Controller, UseInterceptors } from '@nestjs/common';
import { AccessChangeInterceptor } from '../../identity/domain/access-change.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
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
import { AdminAudit, AdminPost, str, uniqueAs } from '../shared/admin-support.js';
import { RolesRepository } from './roles.repository.js';
import { AdminErrors } from '../admin.errors.js';
import { AccessErrors } from '../../access/access.errors.js';

/** Role types (ordinary / dynamic SQL) and roles: CRUD, grants of menus and permission values, users, SQL test. */
@ApiTags('admin')
// Its writes change who may do what: this instance's cached grants are dropped at once (docs/adr/0010).
@UseInterceptors(AccessChangeInterceptor)
@Controller()
export class RolesController {
  constructor(
    private readonly roles: RolesRepository,
    private readonly runner: DynamicRoleRunner,
    private readonly access: AccessService,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/roleType/list', Permission.roleList)
  async typeList(): Promise<Envelope<RoleTypeRow[]>> {
    return ok(await this.roles.listTypes());
  }

  @AdminPost('ms/roleType/save', Permission.roleEdit)
  async typeSave(@ValidBody(roleTypeSchema) input: z.output<typeof roleTypeSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const id = await uniqueAs('roleTypeUsed', async () => {
      if (input.id) {
        const used = await this.roles.typeUse(input.id);
        if (!used) throw AdminErrors.notFound();
        // a role's kind is its type's: roles of one kind are not made another's under their holders
        if (used.roles > 0 && used.kind !== input.kind) throw AdminErrors.roleKindChange();
        await this.roles.updateType(input.id, input);
        return input.id;
      }
      return this.roles.insertType(input);
    });
    await this.audit.record(me, client, input.id ? 'roleType.update' : 'roleType.create', input.name, { id, kind: input.kind });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/roleType/delete', Permission.roleEdit)
  async typeDelete(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    if ((await this.roles.rolesOfType(id)) > 0) throw AdminErrors.roleTypeInUse();
    await this.roles.deleteType(id);
    await this.audit.record(me, client, 'roleType.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/role/list', Permission.roleList)
  async list(@ValidBody(adminTableRequestSchema) t: NormalisedTable): Promise<Envelope<{ total: number; list: RoleRow[] }>> {
    const typeId = str(t.query.roleTypeId);
    // a type filter that is not an id filters nothing (the list's select may send its placeholder)
    return ok(await this.roles.page(t, { keyword: str(t.query.keyword), roleTypeId: /^[0-9a-f-]{36}$/i.test(typeId) ? typeId : null }));
  }

  @AdminPost('ms/role/save', Permission.roleEdit)
  async save(@ValidBody(roleSchema) input: RoleInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const kind = await this.roles.kindOfType(input.roleTypeId);
    if (!kind) throw AdminErrors.idInvalid();
    let sql = '';
    let procedure = '';
    if (kind === 'dynamic') {
      sql = input.sql.trim();
      procedure = sql ? '' : input.procedure.trim();
      if (!sql && !procedure) throw AccessErrors.dynamicSqlRequired();
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
    if (await this.roles.nameTaken(input.name, input.id ?? null)) throw AdminErrors.roleNameUsed();
    const write = { name: input.name, code: input.code, nameEn: input.nameEn, roleTypeId: input.roleTypeId, kind, sql, procedure, sort: input.sort };
    const id = await uniqueAs('roleCodeUsed', async () => {
      if (input.id) {
        const cur = await this.roles.role(input.id);
        if (!cur) throw AdminErrors.notFound();
        if (cur.builtIn && cur.code !== input.code) throw AdminErrors.roleBuiltInCode();
        await this.roles.updateRole(input.id, write);
        if (kind === 'dynamic') await this.roles.dropUsers(input.id);
        return input.id;
      }
      return this.roles.insertRole(write);
    });
    this.access.invalidateDynamic();
    await this.audit.record(me, client, input.id ? 'role.update' : 'role.create', input.code, { id, kind, sql: sql.slice(0, 2000), procedure });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/role/enable', Permission.roleEdit)
  async enable(@ValidBody(enableSchema) input: z.output<typeof enableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.roles.setEnabled(input.ids, input.enabled);
    await this.audit.record(me, client, input.enabled ? 'role.enable' : 'role.disable', input.ids.join(','), { ids: input.ids });
    this.access.invalidateDynamic();
    return ok(undefined, translate(lang, 'enableOk'));
  }

  @AdminPost('ms/role/delete', Permission.roleEdit)
  async remove(@ValidBody(idsSchema) { ids }: z.output<typeof idsSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    if (await this.roles.anyBuiltIn(ids)) throw AdminErrors.roleBuiltIn();
    await this.roles.deleteRoles(ids);
    this.access.invalidateDynamic();
    await this.audit.record(me, client, 'role.delete', ids.join(','), { ids });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/role/grant', Permission.roleEdit)
  async grant(@ValidBody(roleGrantSchema) input: z.output<typeof roleGrantSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    if (!(await this.roles.replaceGrants(input.roleId, input.menuIds, input.permissions))) throw AdminErrors.notFound();
    this.access.invalidateDynamic();
    await this.audit.record(me, client, 'role.grant', input.roleId, { menus: input.menuIds.length, permissions: input.permissions });
    return ok(undefined, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/role/grants', Permission.roleList)
  async grants(@ValidBody(roleIdSchema) { roleId }: z.output<typeof roleIdSchema>): Promise<Envelope<{ menuIds: string[]; permissions: string[] }>> {
    return ok(await this.roles.grants(roleId));
  }

  @AdminPost('ms/role/users', Permission.roleList)
  async users(@ValidBody(roleIdSchema) { roleId }: z.output<typeof roleIdSchema>): Promise<Envelope<{ id: string; account: string; name: string; userType: string }[]>> {
    return ok(await this.roles.users(roleId));
  }

  @AdminPost('ms/role/setUsers', Permission.roleEdit)
  async setUsers(@ValidBody(roleUsersSchema) input: z.output<typeof roleUsersSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const role = await this.roles.role(input.roleId);
    if (!role) throw AdminErrors.notFound();
    if (role.kind !== 'ordinary') throw AdminErrors.roleNotOrdinary();
    await this.roles.setUsers(input.roleId, input.userIds);
    await this.audit.record(me, client, 'role.setUsers', role.code, { roleId: input.roleId, users: input.userIds.length });
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
    return ok(await this.roles.usersByIds(ids));
  }
}
