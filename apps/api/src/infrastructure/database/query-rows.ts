import { rowsOf } from '@schoolflow/event-store';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/** Where a repository's statements run: the data source, or a transaction's manager. */
export type Db = DataSource | EntityManager;

/**
 * The rows of one statement, typed — the one helper the repositories (publishing, questionnaires) run their SQL
 * through; a query runner is taken too (a snapshot's cursor in the results' export).
 */
export async function rows<R>(db: Db | QueryRunner, sql: string, params: unknown[] = []): Promise<R[]> {
  return rowsOf<R>(await db.query(sql, params));
}
