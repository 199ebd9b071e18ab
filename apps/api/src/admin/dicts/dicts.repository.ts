import { Injectable } from '@nestjs/common';
import type { DictEntryInput, DictEntryRow, DictTableRow, NormalisedTable } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { pageOf, saveRow } from '../shared/admin-support.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';
import { AdminErrors } from '../admin.errors.js';

const ENTRY_COLUMNS = `id, dict_type AS "table", code, name, sort, parent_code AS "parentCode", level, sub_name AS "subName", short_name AS "shortName", name_en AS "nameEn",
  tag1, note1, tag2, note2, tag3, note3, tag4, note4, tag5, note5, published, source,
  coalesce(to_char(use_start, 'YYYY-MM-DD'), '') AS "useStart", coalesce(to_char(use_end, 'YYYY-MM-DD'), '') AS "useEnd", remark`;

/** A dictionary table as written (`sys_dict_table`). */
export interface DictTableWrite {
  table: string;
  title: string;
  remark: string;
}

/**
 * Dictionary tables and their entries (`sys_dict_table`, `sys_dict`): the administration's reads and writes, each one
 * statement or one transaction. What may be written is the controller's to decide; a unique key taken surfaces as the
 * database's error, which the controller names (`uniqueAs`).
 */
@Injectable()
export class DictsRepository {
  constructor(private readonly db: DataSource) {}

  tables(t: NormalisedTable, keyword: string): Promise<{ total: number; list: DictTableRow[] }> {
    const q = {
      select: `t.id, t.table_name AS "table", t.title, t.remark, (SELECT count(*)::int FROM sys_dict d WHERE d.dict_type = t.table_name) AS entries`,
      from: `sys_dict_table t WHERE (t.table_name ILIKE $1 OR t.title ILIKE $1)`,
      order: 't.table_name',
    };
    return pageOf<DictTableRow>(this.db, t, q, [likePattern(keyword)]);
  }

  async createTable(w: DictTableWrite): Promise<string> {
    const rows: { id: string }[] = await this.db.query(`INSERT INTO sys_dict_table (table_name, title, remark) VALUES ($1, $2, $3) RETURNING id`, [w.table, w.title, w.remark]);
    return (rows[0] as { id: string }).id;
  }

  /** Renames and retitles a table; a renamed table takes its entries along. Refused when the table is gone. */
  async updateTable(id: string, w: DictTableWrite): Promise<void> {
    await this.db.transaction(async (tx) => {
      const cur: { table_name: string }[] = await tx.query(`SELECT table_name FROM sys_dict_table WHERE id = $1 FOR UPDATE`, [id]);
      if (!cur[0]) throw AdminErrors.dictTableNotFound();
      await tx.query(`UPDATE sys_dict_table SET table_name = $2, title = $3, remark = $4 WHERE id = $1`, [id, w.table, w.title, w.remark]);
      await tx.query(`UPDATE sys_dict SET dict_type = $2 WHERE dict_type = $1`, [cur[0].table_name, w.table]);
    });
  }

  /** A table's name and how many entries it holds, or null when there is no such table. */
  async tableUse(id: string): Promise<{ table: string; entries: number } | null> {
    const rows: { table_name: string; n: number }[] = await this.db.query(
      `SELECT table_name, (SELECT count(*)::int FROM sys_dict d WHERE d.dict_type = t.table_name) AS n FROM sys_dict_table t WHERE id = $1`,
      [id],
    );
    return rows[0] ? { table: rows[0].table_name, entries: rows[0].n } : null;
  }

  async deleteTable(id: string): Promise<void> {
    await this.db.query(`DELETE FROM sys_dict_table WHERE id = $1`, [id]);
  }

  entries(t: NormalisedTable, table: string, keyword: string): Promise<{ total: number; list: DictEntryRow[] }> {
    const q = { select: ENTRY_COLUMNS, from: `sys_dict WHERE dict_type = $1 AND (code ILIKE $2 OR name ILIKE $2)`, order: 'sort, code' };
    return pageOf<DictEntryRow>(this.db, t, q, [table, likePattern(keyword)]);
  }

  async tableExists(table: string): Promise<boolean> {
    return ((await this.db.query(`SELECT 1 FROM sys_dict_table WHERE table_name = $1`, [table])) as unknown[]).length > 0;
  }

  /** Entries of a table, other than `exceptId`, holding this code or this name. */
  sameCodeOrName(table: string, code: string, name: string, exceptId: string | undefined): Promise<{ code: string; name: string }[]> {
    return this.db.query(`SELECT code, name FROM sys_dict WHERE dict_type = $1 AND (code = $2 OR name = $3) AND ($4::uuid IS NULL OR id <> $4::uuid)`, [table, code, name, exceptId ?? null]);
  }

  async entryExists(table: string, code: string): Promise<boolean> {
    return ((await this.db.query(`SELECT 1 FROM sys_dict WHERE dict_type = $1 AND code = $2`, [table, code])) as unknown[]).length > 0;
  }

  /** Writes an entry (a new one without `id`); answers its id. */
  saveEntry(e: DictEntryInput): Promise<string> {
    const args = [e.table, e.code, e.name, e.sort, e.parentCode, e.level, e.subName, e.shortName, e.nameEn, e.tag1, e.note1, e.tag2, e.note2, e.tag3, e.note3, e.tag4, e.note4, e.tag5, e.note5, e.published, e.source, e.useStart || null, e.useEnd || null, e.remark];
    const sql = {
      update: `UPDATE sys_dict SET dict_type = $2, code = $3, name = $4, sort = $5, parent_code = $6, level = $7, sub_name = $8, short_name = $9, name_en = $10,
             tag1 = $11, note1 = $12, tag2 = $13, note2 = $14, tag3 = $15, note3 = $16, tag4 = $17, note4 = $18, tag5 = $19, note5 = $20,
             published = $21, source = $22, use_start = $23, use_end = $24, remark = $25 WHERE id = $1 RETURNING id`,
      insert: `INSERT INTO sys_dict (dict_type, code, name, sort, parent_code, level, sub_name, short_name, name_en, tag1, note1, tag2, note2, tag3, note3, tag4, note4, tag5, note5, published, source, use_start, use_end, remark)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24) RETURNING id`,
    };
    return saveRow(this.db, e.id, sql, args);
  }

  async setPublished(ids: readonly string[], published: boolean): Promise<void> {
    await this.db.query(`UPDATE sys_dict SET published = $2 WHERE id = ANY($1::uuid[])`, [ids, published]);
  }

  async deleteEntries(ids: readonly string[]): Promise<void> {
    await this.db.query(`DELETE FROM sys_dict WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
