import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type Envelope, type Language, oneIdSchema, type OrgNode, orgSchema, Permission, type PickerOrgNode } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, checkNoChildren, checkParent, nestTree, saveRow, uniqueAs } from '../shared/admin-support.js';
import { AdminErrors } from '../admin.errors.js';

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

  @AdminPost('ms/org/tree', Permission.userList)
  async tree(): Promise<Envelope<OrgNode[]>> {
    const rows = await orgRows(this.db);
    return ok(nestTree(rows.map((r): OrgNode => ({ id: r.id, parentId: r.parent_id, code: r.code, name: r.name, nameEn: r.name_en, sort: r.sort, users: r.users, children: [] }))));
  }

  @AdminPost('components/getOrgsData')
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

  @AdminPost('ms/org/save', Permission.userEdit)
  async save(@ValidBody(orgSchema) o: z.output<typeof orgSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    await checkParent(this.db, 'org_department', o.id, o.parentId, 'orgParentLoop');
    const sql = {
      update: `UPDATE org_department SET parent_id = $2, code = $3, name = $4, name_en = $5, sort = $6 WHERE id = $1 RETURNING id`,
      insert: `INSERT INTO org_department (parent_id, code, name, name_en, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    };
    const id = await uniqueAs('codeUsed', () => saveRow(this.db, o.id, sql, [o.parentId, o.code, o.name, o.nameEn, o.sort]));
    await this.audit.record(me, client, o.id ? 'org.update' : 'org.create', o.code, { id });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/org/delete', Permission.userEdit)
  async remove(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await checkNoChildren(this.db, 'org_department', id, 'orgHasChildren');
    const users: unknown[] = await this.db.query(`SELECT 1 FROM sys_user WHERE department_id = $1 LIMIT 1`, [id]);
    if (users.length > 0) throw AdminErrors.orgHasUsers();
    await this.db.query(`DELETE FROM org_department WHERE id = $1`, [id]);
    await this.audit.record(me, client, 'org.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }
}
