import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { Express, NextFunction, Request, Response } from 'express';
import type { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { loadConfig, type ServerConfig } from './config/app-config.js';
import { createDataSource } from './infrastructure/database/data-source.js';
import { databaseOutage } from './infrastructure/database/database-outage.js';
import { poolOf } from './infrastructure/database/pool.js';
import { startEmbeddedPostgres } from './infrastructure/database/embedded-postgres.js';
import { logger } from './infrastructure/logging/logger.js';
import { spaFiles } from './infrastructure/http/spa-files.js';
import { prefilterRoutes, type RouteLayer } from './infrastructure/http/route-prefilter.js';
import { openApiDocument } from './infrastructure/http/openapi-document.js';
import { seedDemoSchool } from './seed/demo-school.seed.js';
import { DEFAULT_PASSWORD_HASH_COST, PasswordHasher } from './identity/domain/password-hasher.js';
import { registerFlows } from './workflow/domain/flow-registrar.js';
import { AppIoAdapter } from './messaging/realtime/app-io.adapter.js';

export interface RunningApp {
  app: NestExpressApplication;
  dataSource: DataSource;
  config: ServerConfig;
  url: string;
  close: () => Promise<void>;
}

/** Starts the platform: database (embedded when no DATABASE_URL), migrations, demo seed, API and SPA on one port. */
export async function bootstrap(overrides: Partial<ServerConfig> = {}): Promise<RunningApp> {
  const config = { ...loadConfig(), ...overrides };
  PasswordHasher.configure(config.passwordHashCost);
  if (config.passwordHashCost.memoryKib < DEFAULT_PASSWORD_HASH_COST.memoryKib || config.passwordHashCost.timeCost < DEFAULT_PASSWORD_HASH_COST.timeCost) {
    logger.warn({ cost: config.passwordHashCost }, 'password hashes below OWASP\'s argon2id minimum: for tests only (docs/adr/0030)');
  }
  if (config.benchBaselineEndpoint) {
    logger.warn('BENCH_BASELINE_ENDPOINT is on: POST bench/insert writes without a session; for npm run bench:workflow only');
  }
  let stopPg: (() => Promise<void>) | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    databaseUrl = pg.url;
    config.databaseUrl = pg.url;
    config.roleQueryDatabaseUrl = pg.roleQueryUrl;
    stopPg = pg.stop;
    logger.info({ port: config.embeddedPgPort }, 'embedded PostgreSQL started');
  }
  const dataSource = createDataSource(databaseUrl, config.databasePoolMax);
  await dataSource.initialize();
  // A new connection is the database answering: an outage noted by one lost connection is over (docs/adr/0017).
  poolOf(dataSource).on('connect', () => databaseOutage.restored());
  await warnIfSuperuser(dataSource);
  const ran = await dataSource.runMigrations({ transaction: 'each' });
  if (ran.length) logger.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
  if (config.seedDemo) await seedDemoSchool(dataSource, config);
  await registerFlows(dataSource);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, dataSource), {
    logger: ['error', 'warn'],
    bodyParser: true,
  });
  // A JSON body up to 1 MB (Express's default is 100 KB): a class's whole evaluation grid with its term comments, or a
  // grade sheet pasted at once, is one save; the schemas' own limits (cells, characters) say what a body may hold.
  app.useBodyParser('json', { limit: '1mb' });
  app.set('trust proxy', config.trustProxy > 0 ? config.trustProxy : false);
  app.disable('x-powered-by');
  // No ETag on API answers: Express hashed every JSON body for it, and the API's answers are not cached by the SPA
  // (static files keep theirs: serve-static sets its own).
  app.set('etag', false);
  // On every answer: no content sniffing, never framed (clickjacking), no referrer sent off the site.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'same-origin');
    next();
  });
  app.setGlobalPrefix(config.baseApi.replace(/^\//, ''));
  app.useWebSocketAdapter(new AppIoAdapter(app, `${config.baseApi}/socket.io`, config.redisUrl, config.redisPrefix));

  // The document is built on its first request, not at every start: most starts never serve it, and building it
  // scans every route's metadata (~150 ms of CPU a start; docs/adr/0080-tests-drive-the-headless-shell.md).
  SwaggerModule.setup(`${config.baseApi.replace(/^\//, '')}/docs`, app, () => openApiDocument(app, config));

  serveSpa(app, config);
  // Routes are registered by init: each then first compares its path's literal start (docs/adr/0073). A start that
  // fails here stops the embedded PostgreSQL, as one failing in listen does.
  try {
    await app.init();
    // express's typings leave out a layer's `match`, which router@2's layers have (route-prefilter.spec.ts drives them)
    const routes = prefilterRoutes((app.getHttpAdapter().getInstance() as Express).router.stack as unknown as RouteLayer[]);
    logger.debug({ routes }, 'routes prefiltered by their literal start');
  } catch (err) {
    if (stopPg) await stopPg().catch(() => undefined);
    throw err;
  }
  await app.listen(config.port, config.host).catch(async (err: NodeJS.ErrnoException) => {
    if (stopPg) await stopPg().catch(() => undefined);
    if (err.code !== 'EADDRINUSE') throw err;
    throw new Error(`Port ${config.port} is already in use, so SchoolFlow cannot listen on it. Set PORT to a free port (or stop what uses it).`);
  });
  const server = app.getHttpServer() as Server;
  // Node closes an idle keep-alive connection after 5 s (+1 s): a client stalled past its own expiry, or a proxy that
  // keeps idle connections longer, sends a request on a socket already closing. The server waits longer than they keep
  // theirs (docs/adr/0076).
  server.keepAliveTimeout = config.httpKeepAliveSeconds * 1000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url }, 'SchoolFlow is listening');
  return {
    app,
    dataSource,
    config,
    url,
    // Each step runs even if an earlier one failed: with the embedded PostgreSQL its own exit hook may stop the
    // database while the app is still closing its connections.
    close: async () => {
      // Connections answer their last request and close at once instead of idling 65 s (+1 s of Node's own) before the
      // server's close can end: an idle one is closed now, a busy one as soon as its answer is sent (docs/adr/0076).
      server.keepAliveTimeout = 1;
      server.closeIdleConnections();
      await app.close().catch((err: unknown) => logger.warn({ err: String(err) }, 'closing the app'));
      await dataSource.destroy().catch(() => undefined);
      if (stopPg) await stopPg().catch(() => undefined);
    },
  };
}

/** The app needs no superuser (docs/adr/0014); running as one works, but gives up a layer of defence: say so. */
async function warnIfSuperuser(db: DataSource): Promise<void> {
  const rows: { super: boolean; user: string }[] = await db.query(`SELECT rolsuper AS super, current_user AS user FROM pg_roles WHERE rolname = current_user`);
  if (rows[0]?.super) {
    logger.warn({ user: rows[0].user }, 'the app connects to PostgreSQL as a superuser; give it a role of its own (npm run db:provision, docs/adr/0014)');
  }
}

/**
 * The SPA's Content-Security-Policy (hardening, finding 7). Scripts only from this origin — the built app has no inline
 * script — so an injected `<script>` or event handler does not run; no plugins; not framed; forms post here only.
 * Styles allow inline (React and semantic-ui set style attributes); images also from data:/blob: (previews, the
 * signature pad) and https: (a school's logo may live elsewhere: LOGO_URL, system configuration); media also from
 * blob: (a post's video is fetched with the session's token and played by object URL). Sockets and API calls go to
 * this origin ('self' covers ws:/wss: of it).
 */
export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The SPA owns every path outside BASE_API: its built files, else index.html (client-side routes). */
function serveSpa(app: NestExpressApplication, config: ServerConfig): void {
  const dir = resolve(config.webDir);
  const index = join(dir, 'index.html');
  if (!existsSync(index)) {
    logger.warn({ dir }, 'web app not built (npm run build:web); serving the API only');
    return;
  }
  app.use(spaFiles(dir, { csp: SPA_CSP, baseApi: config.baseApi }));
}
