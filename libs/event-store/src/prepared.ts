import { createHash } from 'node:crypto';
import type { Queryable } from './types.js';

/** Anything that runs a pg query config: a pool or one of its clients. */
interface NamedQueryTarget {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs queries as named prepared statements (the name is a hash of the text, kept per text), so PostgreSQL plans each
 * hot statement once per connection instead of on every call — planning the session lookup cost more than running it.
 * Answers rows. Only for statements whose text is built from code, never from input.
 */
export function prepared(target: NamedQueryTarget, prefix = 'sf'): Queryable {
  const names = new Map<string, string>();
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<R> {
      let name = names.get(sql);
      if (!name) {
        name = `${prefix}_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
        if (names.size < 5000) names.set(sql, name);
      }
      return (await target.query({ name, text: sql, values: params })).rows as R;
    },
  };
}
