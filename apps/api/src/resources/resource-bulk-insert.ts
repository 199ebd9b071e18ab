import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

interface ColumnInfo {
  /** `format_type` of the column: integer, numeric(4,1), text[], uuid, … */
  type: string;
  /** The column's default expression when it cannot hold null and has one. */
  fallback: string | null;
}

const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * The write path of imports (docs/adr/0023), kept by hand as the engine's hot path is: thousands of rows a chunk go in as
 * one `INSERT … SELECT FROM jsonb_to_recordset($1)` — one parameter, one plan — where the ORM's multi-row VALUES
 * binds ~45 parameters a row and took 200–300 ms a chunk of 500 students (bench:import: the import's write went from
 * 4.2 s to 2.5 s with this). Column types and
 * defaults come from the catalog (the migrations own them), ids are made here, so no ordering of RETURNING is relied
 * on. A value left out or null in a column that cannot hold null takes the column's default.
 */
export class BulkInsert {
  private catalog: Promise<Map<string, Map<string, ColumnInfo>>> | undefined;

  constructor(private readonly db: DataSource) {}

  private columns(): Promise<Map<string, Map<string, ColumnInfo>>> {
    this.catalog ??= this.db
      .query<{ table_name: string; column_name: string; type: string; fallback: string | null }[]>(
        `SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS type,
                CASE WHEN a.attnotnull THEN pg_get_expr(d.adbin, d.adrelid) END AS fallback
           FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
           LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped`,
      )
      .then((rows) => {
        const out = new Map<string, Map<string, ColumnInfo>>();
        for (const r of rows) {
          const table = out.get(r.table_name) ?? new Map<string, ColumnInfo>();
          table.set(r.column_name, { type: r.type, fallback: r.fallback });
          out.set(r.table_name, table);
        }
        return out;
      })
      .catch((err: unknown) => {
        this.catalog = undefined;
        throw err;
      });
    return this.catalog;
  }

  /** The columns of a table that cannot hold null and have a default (an empty optional field takes it). */
  async defaulted(table: string): Promise<Set<string>> {
    const info = (await this.columns()).get(table);
    return new Set([...(info ?? new Map<string, ColumnInfo>())].filter(([, c]) => c.fallback !== null).map(([name]) => name));
  }

  /** Inserts rows keyed by column name; an `id` is made for rows without one. Answers the ids in the rows' order. */
  async insert(tx: EntityManager, table: string, rows: Record<string, unknown>[], withId = true): Promise<string[]> {
    if (rows.length === 0) return [];
    const info = (await this.columns()).get(table);
    if (!info) throw new Error(`bulk insert: no table ${table}`);
    const ids = withId ? rows.map((r) => (typeof r.id === 'string' ? r.id : randomUUID())) : [];
    const names = new Set<string>(withId ? ['id'] : []);
    for (const r of rows) for (const k of Object.keys(r)) if (r[k] !== undefined) names.add(k);
    const columns = [...names].map((name) => {
      const c = info.get(name);
      if (!c) throw new Error(`bulk insert: no column ${table}.${name}`);
      return { name, ...c };
    });
    const record = columns.map((c) => `${quote(c.name)} ${c.type}`).join(', ');
    const select = columns.map((c) => (c.fallback ? `coalesce(x.${quote(c.name)}, ${c.fallback})` : `x.${quote(c.name)}`)).join(', ');
    const payload = rows.map((r, i) => (withId ? { ...r, id: ids[i] } : r));
    await tx.query(`INSERT INTO ${quote(table)} (${columns.map((c) => quote(c.name)).join(', ')}) SELECT ${select} FROM jsonb_to_recordset($1::jsonb) AS x(${record})`, [JSON.stringify(payload)]);
    return ids;
  }
}
