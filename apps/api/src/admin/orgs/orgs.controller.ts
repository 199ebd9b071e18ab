import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, oneIdSchema, type OrgNode, orgSchema, Permission, type PickerOrgNode } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, nestTree, uniqueAs } from '../shared/admin-support.js';
import { AdminErrors } from '../admin.errors.js';
import { OrgsRepository } from './orgs.repository.js';

/** Organisations (the department tree) and the organisation picker. */
@ApiTags('admin')
@Controller()
export class OrgsController {
  constructor(
    private readonly orgs: OrgsRepository,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/org/tree', Permission.userList)
  async tree(): Promise<Envelope<OrgNode[]>> {
    const rows = await this.orgs.rows();
    return ok(nestTree(rows.map((r): OrgNode => ({ id: r.id, parentId: r.parent_id, code: r.code, name: r.name, nameEn: r.name_en, sort: r.sort, users: r.users, children: [] }))));
  }

  @AdminPost('components/getOrgsData')
  async picker(@Lang() lang: Language): Promise<Envelope<PickerOrgNode[]>> {
    const rows = await this.orgs.rows();
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
    const id = await uniqueAs('codeUsed', () => this.orgs.save(o.id, { parentId: o.parentId, code: o.code, name: o.name, nameEn: o.nameEn, sort: o.sort }));
    await this.audit.record(me, client, o.id ? 'org.update' : 'org.create', o.code, { id });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/org/delete', Permission.userEdit)
  async remove(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.orgs.checkNoChildren(id);
    if (await this.orgs.hasUsers(id)) throw AdminErrors.orgHasUsers();
    await this.orgs.delete(id);
    await this.audit.record(me, client, 'org.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }
}
