import { Injectable } from '@nestjs/common';
import type { Language, UiStringNamespace, UiStringOverride } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

/** One stored override as the cache keeps it. */
export interface OverrideRecord {
  lang: Language;
  namespace: UiStringNamespace;
  key: string;
  value: string;
  updated_at: Date;
  updated_by: string | null;
}

/** 界面语言's SQL (table `ui_string_override`; docs/adr/0065-interface-languages.md#storage). */
@Injectable()
export class UiStringsRepository {
  all(db: Db): Promise<OverrideRecord[]> {
    return rows<OverrideRecord>(db, `SELECT o.lang, o.namespace, o.key, o.value, o.updated_at, u.name AS updated_by FROM ui_string_override o LEFT JOIN sys_user u ON u.id = o.updated_by ORDER BY o.lang, o.namespace, o.key`);
  }

  async get(db: Db, lang: Language, namespace: string, key: string): Promise<string | null> {
    const [row] = await rows<{ value: string }>(db, `SELECT value FROM ui_string_override WHERE lang = $1 AND namespace = $2 AND key = $3`, [lang, namespace, key]);
    return row?.value ?? null;
  }

  /** Inserts or replaces; true when something changed (the same words again change nothing). */
  async upsert(tx: Db, o: UiStringOverride, by: string): Promise<boolean> {
    const changed = await rows<{ key: string }>(
      tx,
      `INSERT INTO ui_string_override (lang, namespace, key, value, updated_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lang, namespace, key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()
         WHERE ui_string_override.value IS DISTINCT FROM EXCLUDED.value
       RETURNING key`,
      [o.lang, o.namespace, o.key, o.value, by],
    );
    return changed.length > 0;
  }

  async remove(tx: Db, lang: Language, namespace: string, key: string): Promise<string | null> {
    const [row] = await rows<{ value: string }>(tx, `DELETE FROM ui_string_override WHERE lang = $1 AND namespace = $2 AND key = $3 RETURNING value`, [lang, namespace, key]);
    return row?.value ?? null;
  }
}
