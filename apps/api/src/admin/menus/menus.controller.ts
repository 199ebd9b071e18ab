import { Controller, HttpCode, Post, UseInterceptors } from '@nestjs/common';
import { AccessChangeInterceptor } from '../../identity/domain/access-change.interceptor.js';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { type Envelope, idsSchema, type Language, type MenuAdminNode, type MenuInput, menuSchema, oneIdSchema, Permission } from '@schoolflow/contracts';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit } from '../shared/admin-support.js';

interface MenuDbRow {
  id: string;
  parent_id: string | null;
  name: string;
  name_en: string;
  url: string;
  permission: string;
  icon: string;
  sort: number;
  enabled: boolean;
  remark: { sfzdy?: boolean | string; zdycs?: string; sfswsy?: boolean | string; cdwz?: string; hidden?: boolean; noCache?: boolean };
}
const truthy = (v: unknown) => v === true || v === '1' || v === 'true';
const enableSchema = idsSchema.extend({ enabled: z.boolean({ error: 'validation.invalid' }) });

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

  @Post('ms/menu/tree')
  @HttpCode(200)
  @RequirePermissions(Permission.menuList)
  async tree(): Promise<Envelope<MenuAdminNode[]>> {
    const rows: MenuDbRow[] = await this.db.query(`SELECT id, parent_id, name, name_en, url, permission, icon, sort, enabled, remark FROM sys_menu ORDER BY sort, name`);
    const nodes = new Map<string, MenuAdminNode>();
    for (const r of rows) {
      nodes.set(r.id, {
        id: r.id, parentId: r.parent_id, name: r.name, nameEn: r.name_en, url: r.url, permission: r.permission, icon: r.icon, sort: r.sort, enabled: r.enabled,
        custom: truthy(r.remark.sfzdy), customParam: r.remark.zdycs ?? '', home: truthy(r.remark.sfswsy), position: r.remark.cdwz === 'top' ? 'top' : 'left',
        hidden: r.remark.hidden === true, noCache: r.remark.noCache === true, children: [],
      });
    }
    const roots: MenuAdminNode[] = [];
    for (const n of nodes.values()) (n.parentId && nodes.get(n.parentId) ? (nodes.get(n.parentId) as MenuAdminNode).children : roots).push(n);
    return ok(roots);
  }

  @Post('ms/menu/save')
  @HttpCode(200)
  @RequirePermissions(Permission.menuEdit)
  async save(@ValidBody(menuSchema) m: MenuInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    if (m.parentId) {
      const parent: unknown[] = await this.db.query(`SELECT 1 FROM sys_menu WHERE id = $1`, [m.parentId]);
      if (parent.length === 0) throw AppException.badRequest('parentNotFound');
      if (m.id) {
        const loop: unknown[] = await this.db.query(
          `WITH RECURSIVE sub AS (SELECT id FROM sys_menu WHERE id = $1 UNION SELECT c.id FROM sys_menu c JOIN sub ON c.parent_id = sub.id) SELECT 1 FROM sub WHERE id = $2`,
          [m.id, m.parentId],
        );
        if (loop.length > 0) throw AppException.badRequest('menuParentLoop');
      }
    }
    const remark = JSON.stringify({ sfzdy: m.custom, zdycs: m.customParam, sfswsy: m.home, cdwz: m.position, hidden: m.hidden, noCache: m.noCache });
    const args = [m.parentId, m.name, m.nameEn, m.url, m.permission, m.icon, m.sort, m.enabled, remark];
    let id = m.id;
    if (id) {
      const rows: [unknown[], number] = await this.db.query(
        `UPDATE sys_menu SET parent_id = $2, name = $3, name_en = $4, url = $5, permission = $6, icon = $7, sort = $8, enabled = $9, remark = $10 WHERE id = $1 RETURNING id`,
        [id, ...args],
      );
      if (rows[0].length === 0) throw AppException.notFound();
    } else {
      const rows: { id: string }[] = await this.db.query(
        `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, enabled, remark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        args,
      );
      id = (rows[0] as { id: string }).id;
    }
    await this.audit.record(me, client, m.id ? 'menu.update' : 'menu.create', m.url, { id, permission: m.permission, enabled: m.enabled });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @Post('ms/menu/enable')
  @HttpCode(200)
  @RequirePermissions(Permission.menuEdit)
  async enable(@ValidBody(enableSchema) input: z.output<typeof enableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.db.query(`UPDATE sys_menu SET enabled = $2 WHERE id = ANY($1::uuid[])`, [input.ids, input.enabled]);
    await this.audit.record(me, client, input.enabled ? 'menu.enable' : 'menu.disable', input.ids.join(','), { ids: input.ids });
    return ok(undefined, translate(lang, 'enableOk'));
  }

  @Post('ms/menu/delete')
  @HttpCode(200)
  @RequirePermissions(Permission.menuEdit)
  async remove(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const children: unknown[] = await this.db.query(`SELECT 1 FROM sys_menu WHERE parent_id = $1 LIMIT 1`, [id]);
    if (children.length > 0) throw AppException.badRequest('menuHasChildren');
    await this.db.query(`DELETE FROM sys_menu WHERE id = $1`, [id]);
    await this.audit.record(me, client, 'menu.delete', id, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }
}
