import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { checkNoChildren, checkParent, saveRow } from '../shared/admin-support.js';

/** A department as stored (`org_department`), with how many users belong to it. */
export interface OrgRow {
  id: string;
  parent_id: string | null;
  code: string;
  name: string;
  name_en: string;
  sort: number;
  users: number;
}

/** A department as written. */
export interface OrgWrite {
  parentId: string | null;
  code: string;
  name: string;
  nameEn: string;
  sort: number;
}

/**
 * The department tree (`org_department`): reads and writes, each one statement. The tree's own rules — a parent that
 * exists and is not below the node, no delete while children remain — are checked here, where the tree is read.
 */
@Injectable()
export class OrgsRepository {
  constructor(private readonly db: DataSource) {}

  rows(): Promise<OrgRow[]> {
    return this.db.query(`SELECT d.id, d.parent_id, d.code, d.name, d.name_en, d.sort, (SELECT count(*)::int FROM sys_user u WHERE u.department_id = d.id) AS users FROM org_department d ORDER BY d.sort, d.code`);
  }

  /** Writes a department (a new one without `id`) under a parent that exists and is not below it; answers its id. */
  async save(id: string | undefined, o: OrgWrite): Promise<string> {
    await checkParent(this.db, 'org_department', id, o.parentId, 'orgParentLoop');
    const sql = {
      update: `UPDATE org_department SET parent_id = $2, code = $3, name = $4, name_en = $5, sort = $6 WHERE id = $1 RETURNING id`,
      insert: `INSERT INTO org_department (parent_id, code, name, name_en, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    };
    return saveRow(this.db, id, sql, [o.parentId, o.code, o.name, o.nameEn, o.sort]);
  }

  /** Refused while the department has departments below it. */
  checkNoChildren(id: string): Promise<void> {
    return checkNoChildren(this.db, 'org_department', id, 'orgHasChildren');
  }

  async hasUsers(id: string): Promise<boolean> {
    return ((await this.db.query(`SELECT 1 FROM sys_user WHERE department_id = $1 LIMIT 1`, [id])) as unknown[]).length > 0;
  }

  async delete(id: string): Promise<void> {
    await this.db.query(`DELETE FROM org_department WHERE id = $1`, [id]);
  }
}
