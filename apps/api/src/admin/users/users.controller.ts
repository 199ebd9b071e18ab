import { Controller, Req, Res, UseInterceptors } from '@nestjs/common';
import { AccessChangeInterceptor } from '../../identity/domain/access-change.interceptor.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  enableSchema,
  type Envelope,
  type ImportResult,
  importUploadSchema,
  type Language,
  type NormalisedTable,
  oneIdSchema,
  Permission,
  adminTableRequestSchema,
  userCreateSchema,
  userResetPasswordSchema,
  type UserRow,
  userUpdateSchema,
  idsSchema,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { SessionService } from '../../identity/domain/session.service.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { MultipartBody, ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, attachmentHeader, page, XLSX_MIME, xlsxOf } from '../shared/admin-support.js';
import { ImportUpload } from '../../files/domain/import-upload.js';
import { UserAdminService } from './user-admin.service.js';
import { AdminErrors } from '../admin.errors.js';
import { InfrastructureErrors } from '../../infrastructure/infrastructure.errors.js';

/** The user import's file, at most (the import limits of docs/adr/0015 apply to what it holds). */
const USER_IMPORT_MAX_KB = 5 * 1024;

const TEMPLATE_COLUMNS = ['account', 'name', 'userType', 'password', 'deptCode', 'roleCodes'] as const;
const EXPORT_COLUMNS = ['account', 'name', 'userType', 'enabled', 'deptName', 'roles'] as const;
/** Column titles come from the `excel` locale namespace. */
const templateTitle = (lang: Language, key: string): string => translate(lang, `excel.userTemplate.${key}`);

/** User administration (docs/product/administration.md#users): list, create, update, enable, delete, reset password, sessions, Excel. */
@ApiTags('admin')
// Its writes change who may do what: this instance's cached grants are dropped at once (docs/adr/0010).
@UseInterceptors(AccessChangeInterceptor)
@Controller()
export class UsersController {
  constructor(
    private readonly users: UserAdminService,
    private readonly sessions: SessionService,
    private readonly audit: AdminAudit,
    private readonly imports: ImportUpload,
  ) {}

  @AdminPost('ms/user/list', Permission.userList)
  @ApiOperation({ summary: 'Users: keyword (account/name), userType, enabled, deptId' })
  async list(@ValidBody(adminTableRequestSchema) t: NormalisedTable): Promise<Envelope<{ total: number; list: UserRow[] }>> {
    const r = await this.users.list(t);
    return ok(page(t, r.total, r.list));
  }

  @AdminPost('ms/user/create', Permission.userEdit)
  async create(@ValidBody(userCreateSchema) input: z.output<typeof userCreateSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const [id] = (await this.users.createAll([input])) as [string];
    await this.audit.record(me, client, 'user.create', input.account, { id, userType: input.userType, roles: input.roleIds });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/user/update', Permission.userEdit)
  async update(@ValidBody(userUpdateSchema) input: z.output<typeof userUpdateSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const account = await this.users.update(input);
    if (!input.enabled) await this.sessions.revokeOthers(input.id, null, 'admin');
    await this.audit.record(me, client, 'user.update', account, { id: input.id, enabled: input.enabled, roles: input.roleIds });
    return ok(undefined, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/user/enable', Permission.userEdit)
  async enable(@ValidBody(enableSchema) input: z.output<typeof enableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    if (!input.enabled && input.ids.includes(me.userId)) throw AdminErrors.cannotDisableSelf();
    await this.users.setEnabled(input.ids, input.enabled);
    if (!input.enabled) for (const id of input.ids) await this.sessions.revokeOthers(id, null, 'admin');
    await this.audit.record(me, client, input.enabled ? 'user.enable' : 'user.disable', input.ids.join(','), { ids: input.ids });
    return ok(undefined, translate(lang, 'enableOk'));
  }

  @AdminPost('ms/user/delete', Permission.userEdit)
  async remove(@ValidBody(idsSchema) { ids }: z.output<typeof idsSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    if (ids.includes(me.userId)) throw AdminErrors.cannotDeleteSelf();
    if (await this.users.anyInUse(ids)) {
      await this.audit.record(me, client, 'user.delete', ids.join(','), { ids, reason: 'in_use' }, 'failure');
      throw AdminErrors.userInUse();
    }
    await this.users.delete(ids);
    await this.audit.record(me, client, 'user.delete', ids.join(','), { ids });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/user/resetPassword', Permission.userEdit)
  async resetPassword(@ValidBody(userResetPasswordSchema) input: z.output<typeof userResetPasswordSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const account = await this.users.accountOf(input.id);
    if (!account) throw AdminErrors.userNotFound();
    const hash = await this.users.hash(account, input.password);
    await this.users.setPasswordHash(input.id, hash);
    await this.sessions.revokeOthers(input.id, null, 'admin');
    await this.audit.record(me, client, 'user.resetPassword', account, { id: input.id });
    return ok(undefined, translate(lang, 'passwordReset'));
  }

  @AdminPost('ms/user/endSessions', Permission.userEdit)
  async endSessions(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ ended: number }>> {
    const ended = await this.sessions.revokeOthers(id, id === me.userId ? me.sessionId : null, 'admin');
    await this.audit.record(me, client, 'user.endSessions', id, { id, ended });
    return ok({ ended }, translate(lang, 'userSessionsEnded', { count: ended }));
  }

  @AdminPost('ms/user/export', Permission.userList)
  @ApiOperation({ summary: 'The user list (same filters as list) as xlsx: every row the filters select, whatever the page' })
  async export(@ValidBody(adminTableRequestSchema) t: NormalisedTable, @Lang() lang: Language, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Res() res: Response): Promise<void> {
    const { list } = await this.users.list(t, true);
    const bytes = xlsxOf('users', EXPORT_COLUMNS.map((key) => ({ key, title: translate(lang, `excel.userExport.${key}`) })), list.map((u) => ({ ...u, enabled: u.enabled ? 1 : 0, roles: u.roles.map((r) => r.code).join(',') })));
    await this.audit.record(me, client, 'user.export', null, { rows: list.length });
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader('Content-Disposition', attachmentHeader('users.xlsx'));
    res.end(bytes);
  }

  @AdminPost('ms/user/template', Permission.userEdit)
  template(@Lang() lang: Language, @Res() res: Response): void {
    const bytes = xlsxOf('users', TEMPLATE_COLUMNS.map((key) => ({ key, title: templateTitle(lang, key) })), []);
    res.setHeader('Content-Type', XLSX_MIME);
    res.setHeader('Content-Disposition', attachmentHeader(lang === 'en' ? 'user-import-template.xlsx' : '用户导入模板.xlsx'));
    res.end(bytes);
  }

  @AdminPost('ms/user/import', Permission.userEdit)
  @MultipartBody(importUploadSchema)
  @ApiOperation({ summary: 'Import users from one xls/xlsx file (multipart field "file"); nothing is imported when any row is bad' })
  async import(@Req() req: Request, @Res({ passthrough: true }) res: Response, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ImportResult>> {
    const { fileName, rows } = await this.imports.rows(me.userId, req, res, USER_IMPORT_MAX_KB);
    if (rows.length < 2) throw InfrastructureErrors.importFileEmpty();
    const header = rows[0] ?? [];
    if (header.length < 4 || ![templateTitle('zh', 'account'), templateTitle('en', 'account')].includes(header[0] ?? '')) throw InfrastructureErrors.importWrongTemplate();
    const { users, errors } = await this.users.validateImport(rows);
    if (errors.length) {
      await this.audit.record(me, client, 'user.import', fileName.slice(0, 100), { errors: errors.length }, 'failure');
      const translated = errors.map((e) => ({ ...e, message: translate(lang, e.message) }));
      return { code: 400, result: false, msg: translate(lang, 'importHasErrors', { count: new Set(errors.map((e) => e.row)).size }), data: { imported: 0, errors: translated } };
    }
    await this.users.createAll(users);
    await this.audit.record(me, client, 'user.import', fileName.slice(0, 100), { imported: users.length, accounts: users.map((u) => u.account).slice(0, 200) });
    return ok({ imported: users.length, errors: [] }, translate(lang, 'importOk', { count: users.length }));
  }
}
