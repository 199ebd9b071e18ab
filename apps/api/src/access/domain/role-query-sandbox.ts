import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { GuardedClient } from '../../infrastructure/database/data-source.js';
import { databaseOutage } from '../../infrastructure/database/database-outage.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { AccessErrors } from '../access.errors.js';

type State = { ready: true; views: string[] } | { ready: false; reason: string; at: number };

/** An unavailable sandbox is looked at again after this long (a DBA may provision the account while the app runs). */
const RETRY_MS = 30_000;

/**
 * Where dynamic roles' SQL runs (docs/adr/0014): on connections of their own that log in as the role-query account,
 * which may read the `role_query` views and nothing else. Never on the app's connections — the app owns every table.
 *
 * Before first use the account is checked: it must not be the app's own role, a superuser, able to create roles or
 * databases, to bypass row security, or a member of any role (pg_read_server_files, …). An account that fails the
 * check is not used at all: dynamic SQL then answers that it is unavailable, with the reason in the log.
 *
 * Each statement runs by the extended protocol (one statement, never a script), in a READ ONLY transaction with a
 * statement timeout, and is rolled back; `DISCARD ALL` then clears anything a statement left on the session
 * (advisory locks, settings), so the next statement on the connection starts clean.
 */
@Injectable()
export class RoleQuerySandbox implements OnModuleInit, OnApplicationShutdown {
  private pool: pg.Pool | undefined;
  private state: State = { ready: false, reason: 'not started', at: 0 };
  private preparing: Promise<State> | undefined;

  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.prepare();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool?.end().catch(() => undefined);
    this.pool = undefined;
  }

  /** The view names a role query may read (for messages). */
  get views(): string[] {
    return this.state.ready ? this.state.views : [];
  }

  /** Runs one statement in the sandbox; a database error is thrown as it came (the runner turns it into a message). */
  async run(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const state = await this.ready();
    if (!state.ready || !this.pool) throw AccessErrors.dynamicSqlUnavailable();
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.round(this.config.dynamicRoleTimeoutMs)}`);
      // `queryMode` is honoured by pg (lib/query.js) but missing from @types/pg: without it, a statement with no
      // parameters would go by the simple protocol, which runs several statements.
      const extended: pg.QueryConfig = Object.assign({ text, values }, { queryMode: 'extended' });
      return await client.query(extended);
    } catch (err) {
      if (!(err as { code?: unknown }).code) broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      try {
        await client.query('ROLLBACK');
        await client.query('DISCARD ALL');
      } catch (err) {
        broken ??= err instanceof Error ? err : new Error(String(err));
      }
      client.release(broken);
    }
  }

  private async ready(): Promise<State> {
    if (this.state.ready || Date.now() - this.state.at < RETRY_MS) return this.state;
    return this.prepare();
  }

  private prepare(): Promise<State> {
    this.preparing ??= this.tryPrepare().then((state) => {
      this.state = state;
      this.preparing = undefined;
      if (state.ready) logger.info({ views: state.views.length }, 'dynamic role SQL: sandbox account checked');
      else logger.error({ reason: state.reason }, 'dynamic role SQL is unavailable (docs/adr/0014: npm run db:provision)');
      return state;
    });
    return this.preparing;
  }

  private async tryPrepare(): Promise<State> {
    const url = this.config.roleQueryDatabaseUrl;
    if (!url) return { ready: false, reason: 'no ROLE_QUERY_DATABASE_URL', at: Date.now() };
    const user = decodeURIComponent(new URL(url).username);
    try {
      const me: { user: string }[] = await this.db.query(`SELECT current_user AS user`);
      if (me[0]?.user === user) return { ready: false, reason: 'the role-query account is the app\'s own role', at: Date.now() };
      const exists: unknown[] = await this.db.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [user]);
      if (exists.length === 0) return { ready: false, reason: `the role "${user}" does not exist`, at: Date.now() };
      // The app owns the views: it grants them (again after migrations may have made new ones), and nothing else —
      // only what is missing, since instances starting together would otherwise race on the same grant rows.
      const role = `"${user.replace(/"/g, '""')}"`;
      const missing: unknown[] = await this.db.query(
        // by oid, not name: PostgreSQL may evaluate the privilege test before the schema filter, on any view
        `SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'role_query' AND c.relkind = 'v' AND NOT has_table_privilege($1, c.oid, 'SELECT')
         UNION ALL SELECT 1 WHERE NOT has_schema_privilege($1, 'role_query', 'USAGE') LIMIT 1`,
        [user],
      );
      if (missing.length > 0) {
        await this.db.query(`GRANT USAGE ON SCHEMA role_query TO ${role}`);
        await this.db.query(`GRANT SELECT ON ALL TABLES IN SCHEMA role_query TO ${role}`);
      }
      this.pool ??= this.openPool(url);
      const rows = await this.pool.query<{ safe: boolean; views: string[] }>(
        `SELECT NOT (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolbypassrls OR r.rolreplication)
                AND NOT EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid)
                -- and no right of its own on anything else: no table outside the views, no schema to create in
                AND NOT EXISTS (SELECT 1 FROM information_schema.role_table_grants g WHERE g.grantee = current_user AND g.table_schema <> 'role_query')
                AND NOT has_schema_privilege('public', 'CREATE') AS safe,
                ARRAY(SELECT table_name::text FROM information_schema.views WHERE table_schema = 'role_query' ORDER BY 1) AS views
           FROM pg_roles r WHERE r.rolname = current_user`,
      );
      const row = rows.rows[0];
      if (!row?.safe) {
        await this.pool.end().catch(() => undefined);
        this.pool = undefined;
        return { ready: false, reason: `the role "${user}" holds rights a role query must not have (superuser, role or database creation, row-security bypass, membership of another role, a table outside the role_query views, or creating in public)`, at: Date.now() };
      }
      return { ready: true, views: row.views };
    } catch (err) {
      return { ready: false, reason: `cannot use the role-query account: ${err instanceof Error ? err.message : String(err)}`, at: Date.now() };
    }
  }

  private openPool(url: string): pg.Pool {
    // Guarded clients, as the app's (docs/adr/0017): a connection the server ends never takes the process down.
    const pool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000, application_name: 'schoolflow-role-query', Client: GuardedClient });
    pool.on('error', (err) => databaseOutage.lost(err));
    return pool;
  }
}
