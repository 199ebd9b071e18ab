import { Injectable } from '@nestjs/common';
import type { MenuInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { MenuRow } from '../../access/domain/access.service.js';
import { checkNoChildren, checkParent, saveRow } from '../shared/admin-support.js';

/** A menu's row as the editor reads it, with its state and the remark flags it shows. */
export interface MenuDbRow extends Omit<MenuRow, 'remark'> {
  enabled: boolean;
  remark: { sfzdy?: boolean | string; zdycs?: string; sfswsy?: boolean | string; cdwz?: string; hidden?: boolean; noCache?: boolean };
}

/**
 * The menu tree (`sys_menu`): reads and writes, each one statement; the tree's own rules (a parent that exists and is
 * not below the node, no delete while children remain) checked where the tree is read.
 */
@Injectable()
export class MenusRepository {
  constructor(private readonly db: DataSource) {}

  rows(): Promise<MenuDbRow[]> {
    return this.db.query(`SELECT id, parent_id, name, name_en, url, permission, icon, sort, enabled, remark FROM sys_menu ORDER BY sort, name`);
  }

  /** Writes a menu (a new one without `id`) with its remark flags as the shell reads them; answers its id. */
  async save(m: MenuInput): Promise<string> {
    await checkParent(this.db, 'sys_menu', m.id, m.parentId, 'menuParentLoop');
    const remark = JSON.stringify({ sfzdy: m.custom, zdycs: m.customParam, sfswsy: m.home, cdwz: m.position, hidden: m.hidden, noCache: m.noCache });
    return saveRow(
      this.db,
      m.id,
      {
        update: `UPDATE sys_menu SET parent_id = $2, name = $3, name_en = $4, url = $5, permission = $6, icon = $7, sort = $8, enabled = $9, remark = $10 WHERE id = $1 RETURNING id`,
        insert: `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, enabled, remark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      },
      [m.parentId, m.name, m.nameEn, m.url, m.permission, m.icon, m.sort, m.enabled, remark],
    );
  }

  async setEnabled(ids: readonly string[], enabled: boolean): Promise<void> {
    await this.db.query(`UPDATE sys_menu SET enabled = $2 WHERE id = ANY($1::uuid[])`, [ids, enabled]);
  }

  /** Deletes a menu without children (refused while it has some). */
  async delete(id: string): Promise<void> {
    await checkNoChildren(this.db, 'sys_menu', id, 'menuHasChildren');
    await this.db.query(`DELETE FROM sys_menu WHERE id = $1`, [id]);
  }
}
