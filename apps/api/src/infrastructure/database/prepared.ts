import type pg from 'pg';
import { prepared as preparedOn, type Queryable } from '@schoolflow/event-store';

export type Prepared = Queryable;

/** The app's hot statements as named prepared statements on the pool (one helper with the event store's lanes). */
export function prepared(pool: pg.Pool): Prepared {
  return preparedOn(pool);
}
