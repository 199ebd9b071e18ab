import type { DataSource } from 'typeorm';

/**
 * Of the foreign keys a resource declares as "in use" (`ResourceDef.inUse`), the first in the declaration's order that
 * holds the record; undefined when none does (the refusal then keeps the key PostgreSQL named).
 *
 * A delete that several keys refuse at once is refused by whichever referential trigger PostgreSQL fires first, and it
 * fires them in the order of their names, `RI_ConstraintTrigger_a_<the trigger's OID>`, compared as text; a key's
 * trigger takes its OID right after the key. A database whose keys were created across a power of ten of the OID
 * counter (99,999 → 100,000) met another key first, and the refusal said another message for the same record. The
 * declaration's order decides instead.
 *
 * Hand-written SQL, as the keys are read from the catalog: only single-column keys onto `table`'s `id` that refuse a
 * delete (no action, restrict) are taken, and the identifiers come quoted from PostgreSQL itself.
 */
export async function firstHeldReference(db: DataSource, table: string, id: string, declared: readonly string[]): Promise<string | undefined> {
  const keys = (await db.query(
    `SELECT c.conname AS name, c.conrelid::regclass::text AS source, quote_ident(a.attname) AS "column"
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND cardinality(c.conkey) = 1 AND c.conname = ANY($2::text[])
        AND c.confdeltype IN ('a', 'r')
        AND c.confkey[1] = (SELECT attnum FROM pg_attribute WHERE attrelid = c.confrelid AND attname = 'id')`,
    [table, declared],
  )) as { name: string; source: string; column: string }[];
  const byName = new Map(keys.map((k) => [k.name, k]));
  for (const name of declared) {
    const key = byName.get(name);
    if (!key) continue;
    const [row] = (await db.query(`SELECT EXISTS (SELECT 1 FROM ${key.source} WHERE ${key.column} = $1) AS held`, [id])) as { held: boolean }[];
    if (row?.held) return name;
  }
  return undefined;
}
