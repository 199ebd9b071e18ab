import { Controller, UseInterceptors } from '@nestjs/common';
import { AccessChangeInterceptor } from '../../identity/domain/access-change.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { enableSchema, type Envelope, type Language, type MenuAdminNode, type MenuInput, menuSchema, oneIdSchema, Permission } from '@schoolflow/contracts';
import type { MenuRow } from '../../access/domain/access.service.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, checkNoChildren, checkParent, nestTree, saveRow, switchRows } from '../shared/admin-support.js';

/** A menu's row as the shell reads it, with its state and the remark flags the editor shows. */
interface MenuDbRow extends Omit<MenuRow, 'remark'> {
  enabled: boolean;
  remark: { sfzdy?: boolean | string; zdycs?: string; sfswsy?: boolean | string; cdwz?: string; hidden?: boolean; noCache?: boolean };
}
const truthy = (v: unknown) => v === true || v === '1' || v === 'true';

/** The menu tree editor: every field, remark flags (custom page and parameter, home page, top/left, hidden, no cache). */
@ApiTags('admin')
// Its writes change who may do what: this instance's cached grants are dropped at once (docs/adr/0010).
@UseInterceptors(AccessChangeInterceptor)
@Controller()
export class MenusController {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/menu/tree', Permission.menuList)
  async tree(): Promise<Envelope<MenuAdminNode[]>> {
    const rows: MenuDbRow[] = await this.db.query(`SELECT id, parent_id, name, name_en, url, permission, icon, sort, enabled, remark FROM sys_menu ORDER BY sort, name`);
    const nodes = rows.map((r): MenuAdminNode => ({
      id: r.id, parentId: r.parent_id, name: r.name, nameEn: r.name_en, url: r.url, permission: r.permission, icon: r.icon, sort: r.sort, enabled: r.enabled,
      custom: truthy(r.remark.sfzdy), customParam: r.remark.zdycs ?? '', home: truthy(r.remark.sfswsy), position: r.remark.cdwz === 'top' ? 'top' : 'left',
      hidden: r.remark.hidden === true, noCache: r.remark.noCache === true, children: [],
    }));
    return ok(nestTree(nodes));
  }

  @AdminPost('ms/menu/save', Permission.menuEdit)
  async save(@ValidBody(menuSchema) m: MenuInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    await checkParent(this.db, 'sys_menu', m.id, m.parentId, 'menuParentLoop');
    const remark = JSON.stringify({ sfzdy: m.custom, zdycs: m.customParam, sfswsy: m.home, cdwz: m.position, hidden: m.hidden, noCache: m.noCache });
    const id = await saveRow(
      this.db,
      m.id,
      {
        update: `UPDATE sys_menu SET parent_id = $2, name = $3, name_en = $4, url = $5, permission = $6, icon = $7, sort = $8, enabled = $9, remark = $10 WHERE id = $1 RETURNING id`,
        insert: `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, enabled, remark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      },
      [m.parentId, m.name, m.nameEn, m.url, m.permission, m.icon, m.sort, m.enabled, remark],
    );
    await this.audit.record(me, client, m.id ? 'menu.update' : 'menu.create', m.url, { id, permission: m.permission, enabled: m.enabled });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/menu/enable', Permission.menuEdit)
  async enable(@ValidBody(enableSchema) input: z.output<typeof enableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await switchRows(this.db, this.audit, { me, client }, { table: 'sys_menu', column: 'enabled', ids: input.ids, on: input.enabled, actions: ['menu.enable', 'menu.disable'] });
    return ok(undefined, translate(lang, 'enableOk'));
  }

  @AdminPost('ms/menu/delete', Permission.menuEdit)
  async remove(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await checkNoChildren(this.db, 'sys_menu', id, 'menuHasChildren');
    await this.db.query(`DELETE FROM sys_menu WHERE id = $1`, [id]);
    await this.audit.record(me, client, 'menu.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }
}
