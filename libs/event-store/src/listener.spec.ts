import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { PgListener } from './listener.js';

/**
 * PgListener.sync when the LISTEN connection stops answering without a word (a NAT or a failover dropping it): on a
 * stand-in connection whose `SELECT 1` never answers. That sync answers after the notifications committed before it
 * runs against PostgreSQL in test/workflow/directory-reads.e2e-spec.ts.
 */
function pool() {
  const connections: { released: unknown[]; queries: string[] }[] = [];
  const p = {
    connections,
    connect: async () => {
      const c = Object.assign(new EventEmitter(), {
        released: [] as unknown[],
        queries: [] as string[],
        query(sql: string) {
          c.queries.push(sql);
          // LISTEN answers; a sync's round trip never does
          return sql === 'SELECT 1' ? new Promise(() => undefined) : Promise.resolve({ rows: [] });
        },
        release(err?: unknown) {
          c.released.push(err);
        },
      });
      connections.push(c);
      return c;
    },
  };
  return p;
}

describe('PgListener.sync on a connection gone silent', () => {
  it('answers false after its timeout, to every caller waiting, and connects again', async () => {
    const p = pool();
    const resets: boolean[] = [];
    const listener = new PgListener(p as unknown as pg.Pool, () => undefined, 50);
    await listener.on('spec_channel', () => undefined);
    await listener.start();
    listener.onReset(() => resets.push(listener.live));

    const waiting = await Promise.all([listener.sync(), listener.sync(), listener.sync()]);

    expect(waiting).toEqual([false, false, false]);
    expect(p.connections[0]?.released).toHaveLength(1);
    expect(resets[0]).toBe(false);
    // taken for lost, it is connected again (after 100 ms) and LISTENs on its channels anew
    await new Promise((r) => setTimeout(r, 250));
    expect(listener.live).toBe(true);
    expect(p.connections[1]?.queries).toEqual(['LISTEN spec_channel']);
    await listener.stop();
  });
});
