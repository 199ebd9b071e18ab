import { Controller, UseInterceptors } from '@nestjs/common';
import { AccessChangeInterceptor } from '../../identity/domain/access-change.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { enableSchema, type Envelope, type Language, type MenuAdminNode, type MenuInput, menuSchema, oneIdSchema, Permission } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, nestTree } from '../shared/admin-support.js';
import { MenusRepository } from './menus.repository.js';

const truthy = (v: unknown) => v === true || v === '1' || v === 'true';

/** The menu tree editor: every field, remark flags (custom page and parameter, home page, top/left, hidden, no cache). */
@ApiTags('admin')
// Its writes change who may do what: this instance's cached grants are dropped at once (docs/adr/0010).
@UseInterceptors(AccessChangeInterceptor)
@Controller()
export class MenusController {
  constructor(
    private readonly menus: MenusRepository,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/menu/tree', Permission.menuList)
  async tree(): Promise<Envelope<MenuAdminNode[]>> {
    const rows = await this.menus.rows();
    const nodes = rows.map((r): MenuAdminNode => ({
      id: r.id, parentId: r.parent_id, name: r.name, nameEn: r.name_en, url: r.url, permission: r.permission, icon: r.icon, sort: r.sort, enabled: r.enabled,
      custom: truthy(r.remark.sfzdy), customParam: r.remark.zdycs ?? '', home: truthy(r.remark.sfswsy), position: r.remark.cdwz === 'top' ? 'top' : 'left',
      hidden: r.remark.hidden === true, noCache: r.remark.noCache === true, children: [],
    }));
    return ok(nestTree(nodes));
  }

  @AdminPost('ms/menu/save', Permission.menuEdit)
  async save(@ValidBody(menuSchema) m: MenuInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const id = await this.menus.save(m);
    await this.audit.record(me, client, m.id ? 'menu.update' : 'menu.create', m.url, { id, permission: m.permission, enabled: m.enabled });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/menu/enable', Permission.menuEdit)
  async enable(@ValidBody(enableSchema) input: z.output<typeof enableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.menus.setEnabled(input.ids, input.enabled);
    await this.audit.record(me, client, input.enabled ? 'menu.enable' : 'menu.disable', input.ids.join(','), { ids: input.ids });
    return ok(undefined, translate(lang, 'enableOk'));
  }

  @AdminPost('ms/menu/delete', Permission.menuEdit)
  async remove(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.menus.delete(id);
    await this.audit.record(me, client, 'menu.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }
}
