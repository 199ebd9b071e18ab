import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { isDatabaseUnavailable } from '../../infrastructure/database/database-outage.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { RoleQuerySandbox } from './role-query-sandbox.js';
import { scan, shapeOf } from './sql-lexer.js';
import { AccessErrors } from '../access.errors.js';

/** The context a dynamic role resolves users from (docs/product/administration.md#dynamic-roles). */
export interface DynamicContext {
  userId: string;
  userType: string;
  orgId: string | null;
  date: string;
  time: string;
}

type Named = 'userId' | 'userType' | 'orgId' | 'date' | 'time';
const PROCEDURE_NAME = /^([A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*$/;

export interface Bound {
  text: string;
  values: unknown[];
  /** Position (1-based) in the original text of each position of `text`, for error positions. */
  original: (position: number) => number;
}

/**
 * `:userId` … `:time` → `$1`…`$n` in order of first use, in code only (never inside a literal or comment); casts
 * such as `::uuid` are left alone. Values are bound, never put into the text.
 */
export function bindNamed(sql: string, ctx: DynamicContext): Bound {
  const order: Named[] = [];
  let text = '';
  const map: number[] = [];
  const copy = (from: number, to: number): void => {
    for (let k = from; k < to; k++) map.push(k + 1);
    text += sql.slice(from, to);
  };
  for (const span of scan(sql).spans) {
    if (span.kind !== 'code') {
      copy(span.start, span.end);
      continue;
    }
    const code = sql.slice(span.start, span.end);
    const re = /(?<![:\w]):(userId|userType|orgId|date|time)\b/g;
    let last = 0;
    for (let m = re.exec(code); m; m = re.exec(code)) {
      copy(span.start + last, span.start + m.index);
      const name = m[1] as Named;
      let i = order.indexOf(name);
      if (i < 0) i = order.push(name) - 1;
      const param = `$${i + 1}`;
      for (let k = 0; k < param.length; k++) map.push(span.start + m.index + 1);
      text += param;
      last = m.index + m[0].length;
    }
    copy(span.start + last, span.end);
  }
  return { text, values: order.map((n) => ctx[n]), original: (position) => map[position - 1] ?? position };
}

/**
 * Runs a dynamic role's SELECT or stored procedure and answers sys_user ids. The SQL must pass the static check (one
 * statement, a query, nothing that writes), and then runs in the sandbox: its own read-only account, the extended
 * protocol, a statement timeout, always rolled back (docs/adr/0008, docs/adr/0014). A database error becomes one of
 * our messages; its text — which may quote data — never reaches the caller.
 */
@Injectable()
export class DynamicRoleRunner {
  constructor(
    private readonly db: DataSource,
    private readonly sandbox: RoleQuerySandbox,
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

  /** The static check of a role's SQL. */
  checkSql(sql: string): void {
    const shape = shapeOf(sql);
    if (shape !== 'ok') throw AccessErrors.sqlShape(shape);
  }

  async resolve(input: { sql?: string; procedure?: string }, ctx: DynamicContext): Promise<string[]> {
    const sql = (input.sql ?? '').trim();
    const procedure = (input.procedure ?? '').trim();
    if (sql) return this.runSql(sql, ctx);
    if (procedure) return this.runProcedure(procedure, ctx);
    throw AccessErrors.dynamicSqlRequired();
  }

  private async runSql(sql: string, ctx: DynamicContext): Promise<string[]> {
    this.checkSql(sql);
    const bound = bindNamed(sql, ctx);
    const result = await this.inSandbox(bound.text, bound.values, bound.original);
    if (!result.fields.some((f) => f.name === 'user_id')) throw AccessErrors.dynamicSqlNoUserId();
    return this.toUserIds(result.rows.map((r: Record<string, unknown>) => r.user_id));
  }

  /**
   * A procedure or function with (IN user id, IN user type, OUT/INOUT result), looked up as the sandbox account sees
   * the catalogue: one it may execute, and never SECURITY DEFINER — that would run with its owner's rights, outside
   * the sandbox.
   */
  private async procedureSignature(name: string): Promise<{ schema: string; name: string; kind: string }> {
    if (!PROCEDURE_NAME.test(name)) throw AccessErrors.procedureName();
    const [schema, proc] = name.includes('.') ? (name.split('.') as [string, string]) : [null, name];
    const result = await this.inSandbox(
      `SELECT n.nspname, p.proname, p.prokind, p.proargmodes::text[] AS modes, p.prosecdef AS definer,
              has_function_privilege(p.oid, 'EXECUTE') AS executable,
              coalesce(array_length(p.proallargtypes, 1), p.pronargs) AS nargs
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE p.proname = $1 AND ($2::text IS NULL OR n.nspname = $2) AND n.nspname NOT IN ('pg_catalog', 'information_schema')`,
      [proc, schema],
    );
    const rows = result.rows as { nspname: string; proname: string; prokind: string; modes: string[] | null; definer: boolean; executable: boolean; nargs: number }[];
    if (rows.length === 0) throw AccessErrors.procedureNotFound();
    const r = rows.find((x) => x.nargs === 3);
    const modes = r?.modes ?? ['i', 'i', 'i'];
    if (!r || rows.length > 1 || modes[0] !== 'i' || modes[1] !== 'i' || !['o', 'b'].includes(modes[2] ?? '')) throw AccessErrors.procedureParams();
    if (r.definer || !r.executable) throw AccessErrors.procedureUnsafe();
    return { schema: r.nspname, name: r.proname, kind: r.prokind };
  }

  async checkProcedure(name: string): Promise<void> {
    await this.procedureSignature(name);
  }

  private async runProcedure(name: string, ctx: DynamicContext): Promise<string[]> {
    const sig = await this.procedureSignature(name);
    const ident = `"${sig.schema.replace(/"/g, '""')}"."${sig.name.replace(/"/g, '""')}"`;
    const text = sig.kind === 'p' ? `CALL ${ident}($1, $2, NULL)` : `SELECT * FROM ${ident}($1, $2)`;
    const result = await this.inSandbox(text, [ctx.userId, ctx.userType]);
    const first: unknown = result.rows[0] ? Object.values(result.rows[0] as Record<string, unknown>)[0] : null;
    const list = Array.isArray(first) ? first : typeof first === 'string' ? first.split(',') : [];
    return this.toUserIds(list);
  }

  private async inSandbox(text: string, values: unknown[], original: (position: number) => number = (p) => p): Promise<pg.QueryResult> {
    try {
      return await this.sandbox.run(text, values);
    } catch (err) {
      throw this.translate(err, original);
    }
  }

  /** A database error as one of our messages: the SQLSTATE decides, the error's text is never passed on. */
  private translate(err: unknown, original: (position: number) => number): unknown {
    if (err instanceof AppException) return err;
    const e = err as { code?: unknown; message?: unknown; position?: unknown };
    const code = typeof e.code === 'string' ? e.code : '';
    // The sandbox's connection, not the statement: the database restarting, its account refused or out of connections.
    if (isDatabaseUnavailable(err) || /^(28...|3D000)$/.test(code)) return AccessErrors.dynamicSqlUnavailable();
    if (!/^[0-9A-Z]{5}$/.test(code)) return err; // not the statement's fault: the filter answers it as such
    const views = this.sandbox.views.join(', ');
    switch (code) {
      case '57014':
        return AccessErrors.dynamicSqlTimeout(this.config.dynamicRoleTimeoutMs);
      case '25006':
        return AccessErrors.dynamicSqlReadOnly();
      case '42601':
        if (/multiple commands/i.test(String(e.message ?? ''))) return AccessErrors.dynamicSqlMultiple();
        return AccessErrors.dynamicSqlSyntax(original(Number(e.position) || 1));
      case '42P01':
        return AccessErrors.dynamicSqlUnknownRelation(views);
      case '42703':
        return AccessErrors.dynamicSqlUnknownColumn();
      case '42883':
        return AccessErrors.dynamicSqlUnknownFunction();
      case '42501':
        return AccessErrors.dynamicSqlForbidden(views);
      default:
        return AccessErrors.dynamicSqlFailed(code);
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
