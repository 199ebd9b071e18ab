import type pg from 'pg';
import type { DataSource } from 'typeorm';

/** The pg pool under TypeORM's DataSource: one pool for the app (subscriptions and jobs need raw clients). */
export function poolOf(db: DataSource): pg.Pool {
  return (db.driver as unknown as { master: pg.Pool }).master;
}
