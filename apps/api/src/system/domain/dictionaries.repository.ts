import { Injectable } from '@nestjs/common';
import type { DictEntry } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { rows } from '../../infrastructure/database/query-rows.js';

/** What every signed-in page reads of the dictionaries (the administration's reads and writes are admin's DictsRepository). */
@Injectable()
export class DictionariesRepository {
  constructor(private readonly db: DataSource) {}

  /** The published, enabled entries of these tables, by table, each table's by sort then code; a table without any is empty. */
  async published(tables: readonly string[]): Promise<Record<string, DictEntry[]>> {
    const found = await rows<DictEntry & { dict_type: string }>(
      this.db,
      `SELECT dict_type, code, name, name_en AS "nameEn", sort FROM sys_dict WHERE dict_type = ANY($1::text[]) AND enabled AND published ORDER BY dict_type, sort, code`,
      [tables],
    );
    const out: Record<string, DictEntry[]> = Object.fromEntries(tables.map((t) => [t, []]));
    for (const { dict_type, ...entry } of found) out[dict_type]?.push(entry);
    return out;
  }
}
