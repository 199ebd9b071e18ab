import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { poolOf } from '../../infrastructure/database/pool.js';

/** The context a dynamic role resolves users from (school-business §6). */
export interface DynamicContext {
  userId: string;
  userType: string;
  orgId: string | null;
  date: string;
  time: string;
}

type Named = 'userId' | 'userType' | 'orgId' | 'date' | 'time';
const PROCEDURE_NAME = /^([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*$/;

function timeoutMs(): number {
  const n = Number(process.env.DYNAMIC_ROLE_TIMEOUT_MS ?? 2000);
  return Number.isFinite(n) && n >= 50 ? Math.min(n, 30_000) : 2000;
}

/** Strips comments and string literals, so keyword and `;` checks see only the statement's structure. */
function skeleton(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/"(?:[^"]|"")*"/g, '""');
}

/** `:userId` … `:time` → `$1`…`$n` in order of first use (casts such as `::uuid` are left alone). */
export function bindNamed(sql: string, ctx: DynamicContext): { text: string; values: unknown[] } {
  const order: Named[] = [];
  const text = sql.replace(/(?<![:\w]):(userId|userType|orgId|date|time)\b/g, (_m, name: Named) => {
    let i = order.indexOf(name);
    if (i < 0) i = order.push(name) - 1;
    return `$${i + 1}`;
  });
  return { text, values: order.map((n) => ctx[n]) };
}

/**
 * Runs a dynamic role's SELECT or stored procedure: inside a READ ONLY transaction, with a statement timeout,
 * with the context bound as parameters (never interpolated), always rolled back. Answers sys_user ids.
 * See docs/adr/0008-dynamic-roles.md.
 */
@Injectable()
export class DynamicRoleRunner {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async context(userId: string): Promise<DynamicContext> {
    const rows: { user_type: string; department_id: string | null; d: string; t: string }[] = await this.db.query(
      `SELECT user_type, department_id, to_char(now() AT TIME ZONE $2, 'YYYY-MM-DD') AS d, to_char(now() AT TIME ZONE $2, 'HH24:MI:SS') AS t FROM sys_user WHERE id = $1`,
      [userId, this.config.timeZone],
    );
    const r = rows[0];
    return { userId, userType: r?.user_type ?? '', orgId: r?.department_id ?? null, date: r?.d ?? '', time: r?.t ?? '' };
  }

  /** Static checks of a SELECT: one statement, a query (SELECT / WITH / VALUES / TABLE). */
  checkSql(sql: string): void {
    const s = skeleton(sql).trim().replace(/;\s*$/, '');
    if (s.includes(';')) throw AppException.badRequest('dynamicSqlMultiple');
    if (!/^\(*\s*(select|with)\b/i.test(s)) throw AppException.badRequest('dynamicSqlSelectOnly');
  }

  async resolve(input: { sql?: string; procedure?: string }, ctx: DynamicContext): Promise<string[]> {
    const sql = (input.sql ?? '').trim();
    const procedure = (input.procedure ?? '').trim();
    if (sql) return this.runSql(sql, ctx);
    if (procedure) return this.runProcedure(procedure, ctx);
    throw AppException.badRequest('dynamicSqlRequired');
  }

  private async runSql(sql: string, ctx: DynamicContext): Promise<string[]> {
    this.checkSql(sql);
    const bound = bindNamed(sql.trim().replace(/;\s*$/, ''), ctx);
    const result = await this.readOnly((c) => c.query({ text: bound.text, values: bound.values }));
    if (!result.fields.some((f) => f.name === 'user_id')) throw AppException.badRequest('dynamicSqlNoUserId');
    return this.toUserIds(result.rows.map((r: Record<string, unknown>) => r.user_id));
  }

  private async procedureSignature(name: string): Promise<{ schema: string; name: string; kind: string }> {
    if (!PROCEDURE_NAME.test(name)) throw AppException.badRequest('procedureName');
    const [schema, proc] = name.includes('.') ? (name.split('.') as [string, string]) : [null, name];
    const rows: { nspname: string; proname: string; prokind: string; modes: string[] | null; nargs: number; pronargs: number }[] = await this.db.query(
      `SELECT n.nspname, p.proname, p.prokind, p.proargmodes::text[] AS modes,
              coalesce(array_length(p.proallargtypes, 1), p.pronargs) AS nargs, p.pronargs
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE p.proname = $1 AND ($2::text IS NULL OR n.nspname = $2) AND n.nspname NOT IN ('pg_catalog', 'information_schema')`,
      [proc, schema],
    );
    if (rows.length === 0) throw AppException.badRequest('procedureNotFound');
    const r = rows.find((x) => x.nargs === 3);
    const modes = r?.modes ?? ['i', 'i', 'i'];
    if (!r || rows.length > 1 || modes[0] !== 'i' || modes[1] !== 'i' || !['o', 'b'].includes(modes[2] ?? '')) throw AppException.badRequest('procedureParams');
    return { schema: r.nspname, name: r.proname, kind: r.prokind };
  }

  async checkProcedure(name: string): Promise<void> {
    await this.procedureSignature(name);
  }

  private async runProcedure(name: string, ctx: DynamicContext): Promise<string[]> {
    const sig = await this.procedureSignature(name);
    const ident = `"${sig.schema.replace(/"/g, '""')}"."${sig.name.replace(/"/g, '""')}"`;
    const text = sig.kind === 'p' ? `CALL ${ident}($1, $2, NULL)` : `SELECT * FROM ${ident}($1, $2)`;
    const result = await this.readOnly((c) => c.query({ text, values: [ctx.userId, ctx.userType] }));
    const first: unknown = result.rows[0] ? Object.values(result.rows[0] as Record<string, unknown>)[0] : null;
    const list = Array.isArray(first) ? first : typeof first === 'string' ? first.split(',') : [];
    return this.toUserIds(list);
  }

  private async readOnly(fn: (c: pg.PoolClient) => Promise<pg.QueryResult>): Promise<pg.QueryResult> {
    const client = await poolOf(this.db).connect();
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`SET LOCAL statement_timeout = ${timeoutMs()}`);
      return await fn(client);
    } catch (err) {
      throw translateError(err);
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  /** Values that are sys_user ids or accounts → ids of existing users. */
  private async toUserIds(values: unknown[]): Promise<string[]> {
    const list = [...new Set(values.filter((v) => v !== null && v !== undefined).map((v) => String(v).trim()).filter(Boolean))].slice(0, 100_000);
    if (list.length === 0) return [];
    const rows: { id: string }[] = await this.db.query(`SELECT id FROM sys_user WHERE id::text = ANY($1::text[]) OR account = ANY($1::text[])`, [list]);
    return rows.map((r) => r.id);
  }
}

function translateError(err: unknown): unknown {
  if (err instanceof AppException) return err;
  const e = err as { code?: string; message?: string };
  if (e.code === '57014') return AppException.badRequest('dynamicSqlTimeout', { ms: timeoutMs() });
  if (e.code === '25006') return AppException.badRequest('dynamicSqlReadOnly');
  if (e.code === '42601' && /multiple commands/i.test(e.message ?? '')) return AppException.badRequest('dynamicSqlMultiple');
  if (typeof e.code === 'string') return AppException.badRequest('dynamicSqlInvalid', { reason: String(e.message ?? '').slice(0, 200) });
  return err;
}
