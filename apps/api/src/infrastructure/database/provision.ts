import pg from 'pg';

/**
 * What a database needs before the platform runs on it, done once by someone who may create roles (a superuser):
 * the app's own role — which owns the database and everything in it, and is no superuser — and the role that runs
 * dynamic roles' SQL, which may log in and read the `role_query` views and nothing else (docs/adr/0014).
 *
 * Used by the embedded default (`npm start` without DATABASE_URL), by `npm run db:provision` for a database of
 * one's own, and by the test harness, so tests run the app exactly as a deployment does. Safe to run again: roles and
 * database are created when missing and otherwise brought back to these attributes.
 */
export interface Provision {
  /** A connection string of a role that may create roles and databases. */
  adminUrl: string;
  database: string;
  app: { user: string; password: string | null };
  roleQuery: { user: string; password: string | null };
}

/** What a role that runs role queries is held to whatever it sends (docs/adr/0014). */
const ROLE_QUERY_SETTINGS: Record<string, string> = {
  default_transaction_read_only: 'on',
  search_path: 'role_query',
  statement_timeout: '30s',
  idle_in_transaction_session_timeout: '30s',
  lock_timeout: '1s',
  work_mem: '8MB',
  temp_file_limit: '64MB',
};

/** The parts of a connection string a provision needs: its database and its user with their password. */
export function partsOf(url: string): { database: string; user: string; password: string | null } {
  const u = new URL(url);
  return { database: decodeURIComponent(u.pathname.replace(/^\//, '')), user: decodeURIComponent(u.username), password: u.password ? decodeURIComponent(u.password) : null };
}

export async function provisionDatabase(p: Provision): Promise<void> {
  if (p.app.user === p.roleQuery.user) throw new Error('the app and the role-query account must be different roles');
  const admin = new pg.Client({ connectionString: p.adminUrl });
  admin.on('error', () => undefined); // a failed statement rejects its own promise
  await admin.connect();
  try {
    const id = (name: string): string => admin.escapeIdentifier(name);
    const lit = (value: string): string => admin.escapeLiteral(value);
    const ensureRole = async (user: string, password: string | null, extra: string): Promise<void> => {
      const found = await admin.query<{ rolsuper: boolean }>(`SELECT rolsuper FROM pg_roles WHERE rolname = $1`, [user]);
      // Never demote a superuser by mistake (DATABASE_URL naming `postgres`): the app needs a role of its own.
      if (found.rows[0]?.rolsuper) throw new Error(`the role "${user}" is a superuser: name a role of the app's own in DATABASE_URL (and ROLE_QUERY_DATABASE_URL)`);
      if (!found.rows[0]) await admin.query(`CREATE ROLE ${id(user)} LOGIN`);
      await admin.query(`ALTER ROLE ${id(user)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS ${extra}${password ? ` PASSWORD ${lit(password)}` : ''}`);
    };
    await ensureRole(p.app.user, p.app.password, 'INHERIT');
    // 4 connections per instance (role-query-sandbox.ts): room for 10 instances.
    await ensureRole(p.roleQuery.user, p.roleQuery.password, 'NOINHERIT CONNECTION LIMIT 40');
    for (const [name, value] of Object.entries(ROLE_QUERY_SETTINGS)) await admin.query(`ALTER ROLE ${id(p.roleQuery.user)} SET ${name} = ${lit(value)}`);
    // A member of another role could take its rights (SET ROLE): the role-query account belongs to no role.
    const memberships = await admin.query<{ role: string }>(
      `SELECT r.rolname AS role FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.roleid JOIN pg_roles u ON u.oid = m.member WHERE u.rolname = $1`,
      [p.roleQuery.user],
    );
    for (const m of memberships.rows) await admin.query(`REVOKE ${id(m.role)} FROM ${id(p.roleQuery.user)}`);
    const db = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [p.database])).rowCount ?? 0;
    if (!db) await admin.query(`CREATE DATABASE ${id(p.database)} OWNER ${id(p.app.user)}`);
    else await admin.query(`ALTER DATABASE ${id(p.database)} OWNER TO ${id(p.app.user)}`);
  } finally {
    await admin.end();
  }
  await handOver(p);
}

/**
 * Inside the database: the app's role owns the public schema and every table, view, sequence and function in it that
 * no extension owns (a database made before this provision, e.g. by an older embedded default, was a superuser's).
 */
async function handOver(p: Provision): Promise<void> {
  const url = new URL(p.adminUrl);
  url.pathname = `/${encodeURIComponent(p.database)}`;
  const client = new pg.Client({ connectionString: url.toString() });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const app = client.escapeIdentifier(p.app.user);
    await client.query(`ALTER SCHEMA public OWNER TO ${app}`);
    // PostgreSQL 14 and older let every role create in public: only its owner, the app, may.
    await client.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    const objects = await client.query<{ stmt: string }>(
      `SELECT format('ALTER %s %s OWNER TO %I',
                     CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
                     c.oid::regclass, $1::text) AS stmt
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'role_query') AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = $1)
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('e', 'a', 'i'))
       UNION ALL
       SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, $1::text)
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname IN ('public', 'role_query') AND p.proowner <> (SELECT oid FROM pg_roles WHERE rolname = $1)
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
       UNION ALL
       SELECT format('ALTER SCHEMA %I OWNER TO %I', n.nspname, $1::text)
         FROM pg_namespace n WHERE n.nspname = 'role_query' AND n.nspowner <> (SELECT oid FROM pg_roles WHERE rolname = $1)`,
      [p.app.user],
    );
    for (const o of objects.rows) await client.query(o.stmt);
  } finally {
    await client.end();
  }
}
