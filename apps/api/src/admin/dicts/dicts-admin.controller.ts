import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { type DictEntryInput, dictEntrySchema, type DictEntryRow, dictPublishSchema, dictTableSchema, type DictTableRow, type Envelope, idsSchema, type Language, type NormalisedTable, oneIdSchema, Permission, adminTableRequestSchema } from '@schoolflow/contracts';
import { ok } from '../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../infrastructure/http/request-context.js';
import { ValidBody } from '../../infrastructure/http/valid-input.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { AdminAudit, AdminPost, likePattern, pageOf, saveRow, str, switchRows, uniqueAs } from '../shared/admin-support.js';
import { AdminErrors } from '../admin.errors.js';

const ENTRY_COLUMNS = `id, dict_type AS "table", code, name, sort, parent_code AS "parentCode", level, sub_name AS "subName", short_name AS "shortName", name_en AS "nameEn",
  tag1, note1, tag2, note2, tag3, note3, tag4, note4, tag5, note5, published, source,
  coalesce(to_char(use_start, 'YYYY-MM-DD'), '') AS "useStart", coalesce(to_char(use_end, 'YYYY-MM-DD'), '') AS "useEnd", remark`;

/** Dictionary tables and entries (docs/product/administration.md#dictionaries). */
@ApiTags('admin')
@Controller()
export class DictsAdminController {
  constructor(
    private readonly db: DataSource,
    private readonly audit: AdminAudit,
  ) {}

  @AdminPost('ms/dict/table/list', Permission.dictList)
  async tables(@ValidBody(adminTableRequestSchema) t: NormalisedTable): Promise<Envelope<{ total: number; list: DictTableRow[] }>> {
    const q = {
      select: `t.id, t.table_name AS "table", t.title, t.remark, (SELECT count(*)::int FROM sys_dict d WHERE d.dict_type = t.table_name) AS entries`,
      from: `sys_dict_table t WHERE (t.table_name ILIKE $1 OR t.title ILIKE $1)`,
      order: 't.table_name',
    };
    return ok(await pageOf<DictTableRow>(this.db, t, q, [likePattern(str(t.query.keyword))]));
  }

  @AdminPost('ms/dict/table/save', Permission.dictEdit)
  async tableSave(@ValidBody(dictTableSchema) input: z.output<typeof dictTableSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const id = await uniqueAs('dictTableUsed', async () => {
      const current = input.id;
      if (!current) {
        const rows: { id: string }[] = await this.db.query(`INSERT INTO sys_dict_table (table_name, title, remark) VALUES ($1, $2, $3) RETURNING id`, [input.table, input.title, input.remark]);
        return (rows[0] as { id: string }).id;
      }
      // A renamed table takes its entries along.
      await this.db.transaction(async (tx) => {
        const cur: { table_name: string }[] = await tx.query(`SELECT table_name FROM sys_dict_table WHERE id = $1 FOR UPDATE`, [current]);
        if (!cur[0]) throw AdminErrors.dictTableNotFound();
        await tx.query(`UPDATE sys_dict_table SET table_name = $2, title = $3, remark = $4 WHERE id = $1`, [current, input.table, input.title, input.remark]);
        await tx.query(`UPDATE sys_dict SET dict_type = $2 WHERE dict_type = $1`, [cur[0].table_name, input.table]);
      });
      return current;
    });
    await this.audit.record(me, client, input.id ? 'dictTable.update' : 'dictTable.create', input.table, { id });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/dict/table/delete', Permission.dictEdit)
  async tableDelete(@ValidBody(oneIdSchema) { id }: z.output<typeof oneIdSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    const cur: { table_name: string; n: number }[] = await this.db.query(
      `SELECT table_name, (SELECT count(*)::int FROM sys_dict d WHERE d.dict_type = t.table_name) AS n FROM sys_dict_table t WHERE id = $1`,
      [id],
    );
    if (!cur[0]) throw AdminErrors.dictTableNotFound();
    if (cur[0].n > 0) throw AdminErrors.dictTableHasEntries();
    await this.db.query(`DELETE FROM sys_dict_table WHERE id = $1`, [id]);
    await this.audit.record(me, client, 'dictTable.delete', cur[0].table_name, { id });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/dict/list', Permission.dictList)
  async entries(@ValidBody(adminTableRequestSchema) t: NormalisedTable): Promise<Envelope<{ total: number; list: DictEntryRow[] }>> {
    const q = { select: ENTRY_COLUMNS, from: `sys_dict WHERE dict_type = $1 AND (code ILIKE $2 OR name ILIKE $2)`, order: 'sort, code' };
    return ok(await pageOf<DictEntryRow>(this.db, t, q, [str(t.query.table), likePattern(str(t.query.keyword))]));
  }

  @AdminPost('ms/dict/save', Permission.dictEdit)
  async save(@ValidBody(dictEntrySchema) e: DictEntryInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ id: string }>> {
    const table: unknown[] = await this.db.query(`SELECT 1 FROM sys_dict_table WHERE table_name = $1`, [e.table]);
    if (table.length === 0) throw AdminErrors.dictTableUnknown();
    const dup: { code: string; name: string }[] = await this.db.query(
      `SELECT code, name FROM sys_dict WHERE dict_type = $1 AND (code = $2 OR name = $3) AND ($4::uuid IS NULL OR id <> $4::uuid)`,
      [e.table, e.code, e.name, e.id ?? null],
    );
    if (dup.some((d) => d.code === e.code)) throw AdminErrors.dictCodeUsed();
    if (dup.some((d) => d.name === e.name)) throw AdminErrors.dictNameUsed();
    if (e.parentCode) {
      const parent: unknown[] = await this.db.query(`SELECT 1 FROM sys_dict WHERE dict_type = $1 AND code = $2`, [e.table, e.parentCode]);
      if (parent.length === 0) throw AdminErrors.dictParentNotFound();
    }
    const args = [e.table, e.code, e.name, e.sort, e.parentCode, e.level, e.subName, e.shortName, e.nameEn, e.tag1, e.note1, e.tag2, e.note2, e.tag3, e.note3, e.tag4, e.note4, e.tag5, e.note5, e.published, e.source, e.useStart || null, e.useEnd || null, e.remark];
    const sql = {
      update: `UPDATE sys_dict SET dict_type = $2, code = $3, name = $4, sort = $5, parent_code = $6, level = $7, sub_name = $8, short_name = $9, name_en = $10,
             tag1 = $11, note1 = $12, tag2 = $13, note2 = $14, tag3 = $15, note3 = $16, tag4 = $17, note4 = $18, tag5 = $19, note5 = $20,
             published = $21, source = $22, use_start = $23, use_end = $24, remark = $25 WHERE id = $1 RETURNING id`,
      insert: `INSERT INTO sys_dict (dict_type, code, name, sort, parent_code, level, sub_name, short_name, name_en, tag1, note1, tag2, note2, tag3, note3, tag4, note4, tag5, note5, published, source, use_start, use_end, remark)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24) RETURNING id`,
    };
    const id = await uniqueAs('dictCodeUsed', () => saveRow(this.db, e.id, sql, args));
    await this.audit.record(me, client, e.id ? 'dict.update' : 'dict.create', `${e.table}:${e.code}`, { id });
    return ok({ id }, translate(lang, 'saveOk'));
  }

  @AdminPost('ms/dict/delete', Permission.dictEdit)
  async remove(@ValidBody(idsSchema) { ids }: z.output<typeof idsSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await this.db.query(`DELETE FROM sys_dict WHERE id = ANY($1::uuid[])`, [ids]);
    await this.audit.record(me, client, 'dict.delete', ids.join(','), { ids });
    return ok(undefined, translate(lang, 'deleteOk'));
  }

  @AdminPost('ms/dict/publish', Permission.dictEdit)
  async publish(@ValidBody(dictPublishSchema) input: z.output<typeof dictPublishSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope> {
    await switchRows(this.db, this.audit, { me, client }, { table: 'sys_dict', column: 'published', ids: input.ids, on: input.published, actions: ['dict.publish', 'dict.unpublish'] });
    return ok(undefined, translate(lang, 'enableOk'));
  }
}
