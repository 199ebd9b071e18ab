import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type Envelope, type Language, oneIdSchema, type OrgNode, orgSchema, Permission, type PickerOrgNode } from '@schoolflow/contracts';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, isUniqueViolation } from '../shared/admin-support.js';

interface OrgRow {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  name_en: string;
  sort: number;
  users: number;
}

async function orgRows(db: DataSource): Promise<OrgRow[]> {
  return db.query(`SELECT d.id, d.parent_id, d.code, d.name, d.name_en, d.sort, (SELECT count(*)::int FROM sys_user u WHERE u.department_id = d.id) AS users FROM org_department d ORDER BY d.sort, d.code`);
}

/** Organisations (the department tree) and the organisation picker. */
@ApiTags('admin')
@Controller()
export class OrgsController {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AdminAudit,
  ) {}

  @Post('ms/org/tree')
  @HttpCode(200)
  @RequirePermissions(Permission.userList)
  async tree(): Promise<Envelope<OrgNode[]>> {
    const rows = await orgRows(this.db);
    const nodes = new Map<string, OrgNode>(rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, code: r.code, name: r.name, nameEn: r.name_en, sort: r.sort, users: r.users, children: [] }]));
    const roots: OrgNode[] = [];
    for (const n of nodes.values()) (n.parentId && nodes.get(n.parentId) ? (nodes.get(n.parentId) as OrgNode).children : roots).push(n);
    return ok(roots);
  }

  @Post('components/getOrgsData')
  @HttpCode(200)
  async picker(@Lang() lang: Language): Promise<Envelope<PickerOrgNode[]>> {
    const rows = await orgRows(this.db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const nodes = new Map<string, PickerOrgNode>(rows.map((r) => [r.id, { CODE: r.code, NAME: lang === 'en' && r.name_en ? r.name_en : r.name, PID: r.parent_id ? (byId.get(r.parent_id)?.code ?? '') : '', CHILD: [] }]));
    const roots: PickerOrgNode[] = [];
    for (const r of rows) {
      const n = nodes.get(r.id) as PickerOrgNode;
      const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
      (parent ? parent.CHILD : roots).push(n);
    }
    return ok(roots);
  }

  @Post('ms/org/save')
  @HttpCode(200)
  @RequirePermissions(Permission.userEdit)
  async save(@ValidBody(orgSchema) o: z.output<typeof orgSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    if (o.parentId) {
      const parent: unknown[] = await this.db.query(`SELECT 1 FROM org_department WHERE id = $1`, [o.parentId]);
      if (parent.length === 0) throw AppException.badRequest('parentNotFound');
      if (o.id) {
        const loop: unknown[] = await this.db.query(
          `WITH RECURSIVE sub AS (SELECT id FROM org_department WHERE id = $1 UNION SELECT c.id FROM org_department c JOIN sub ON c.parent_id = sub.id) SELECT 1 FROM sub WHERE id = $2`,
          [o.id, o.parentId],
        );
        if (loop.length > 0) throw AppException.badRequest('orgParentLoop');
      }
    }
    let id = o.id;
    try {
      if (id) {
        const rows: [unknown[], number] = await this.db.query(`UPDATE org_department SET parent_id = $2, code = $3, name = $4, name_en = $5, sort = $6 WHERE id = $1 RETURNING id`, [id, o.parentId, o.code, o.name, o.nameEn, o.sort]);
        if (rows[0].length === 0) throw AppException.notFound();
      } else {
        const rows: { id: string }[] = await this.db.query(`INSERT INTO org_department (parent_id, code, name, name_en, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [o.parentId, o.code, o.name, o.nameEn, o.sort]);
        id = (rows[0] as { id: string }).id;
      }
    } catch (err) {
      if (isUniqueViolation(err)) throw AppException.badRequest('codeUsed');
      throw err;
    }
    await this.audit.record(me, client, o.id ? 'org.update' : 'org.create', o.code, { id });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @Post('ms/org/delete')
  @HttpCode(200)
  @RequirePermissions(Permission.userEdit)
  async remove(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const children: unknown[] = await this.db.query(`SELECT 1 FROM org_department WHERE parent_id = $1 LIMIT 1`, [id]);
    if (children.length > 0) throw AppException.badRequest('orgHasChildren');
    const users: unknown[] = await this.db.query(`SELECT 1 FROM sys_user WHERE department_id = $1 LIMIT 1`, [id]);
    if (users.length > 0) throw AppException.badRequest('orgHasUsers');
    await this.db.query(`DELETE FROM org_department WHERE id = $1`, [id]);
    await this.audit.record(me, client, 'org.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }
}
