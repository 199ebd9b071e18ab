import { type ExportColumn, sheetName as validSheetName, sheetRows } from '@schoolflow/contracts';
import { applyDecorators, HttpCode, Injectable, Post } from '@nestjs/common';
import * as XLSX from '@e965/xlsx';
import type { DataSource } from 'typeorm';
import type { NormalisedTable } from '@schoolflow/contracts';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { type ClientInfo, type Principal, RequirePermissions } from '../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../system/domain/operation-log.service.js';
import { AdminErrors } from '../admin.errors.js';

/** Writes every administrative change to the operation log (who, what, target, result, from where). */
@Injectable()
export class AdminAudit {
  constructor(private readonly oplog: OperationLogService) {}

  record(me: Principal, client: ClientInfo, action: string, target: string | null, detail: Record<string, unknown> = {}, result: 'success' | 'failure' = 'success'): Promise<void> {
    return this.oplog.append({ userId: me.userId, account: me.account, action, target, result, ip: client.ip, userAgent: client.userAgent, detail });
  }
}

/**
 * A context's access rules (`<context>/domain/*-access.ts`) write what they decide through this: a change as `success`,
 * a refusal as `failure` with the reason's message key — the operation log's one shape for them. A context's class
 * extends it with its own rules (who may manage, who may read) and nothing else.
 */
@Injectable()
export abstract class AuditedAccess {
  constructor(protected readonly audit: AdminAudit) {}

  record(me: Principal, client: ClientInfo, action: string, target: string | null, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(me, client, action, target, detail);
  }

  refused(me: Principal, client: ClientInfo, action: string, target: string | null, reason: string, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(me, client, action, target, { reason, ...detail }, 'failure');
  }

  /** Logs a refusal under its own message key and answers it, to be thrown: `throw await access.refuse(…)`. */
  async refuse(me: Principal, client: ClientInfo, action: string, target: string | null, err: AppException): Promise<AppException> {
    await this.refused(me, client, action, target, err.messageKey);
    return err;
  }
}

/** An administrative endpoint: POST `path`, answered with 200, for those holding every one of `permissions` (if any). */
export function AdminPost(path: string, ...permissions: string[]): MethodDecorator {
  return applyDecorators(Post(path), HttpCode(200), ...(permissions.length > 0 ? [RequirePermissions(...permissions)] : []));
}

/** The current shape answers `{total, list}`; the older one `{total, rows}` as well. */
export function page<T>(t: NormalisedTable, total: number, list: T[]): { total: number; list: T[]; rows?: T[] } {
  return t.legacy ? { total, list, rows: list } : { total, list };
}

export function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** One sheet, a header row and the rows; every cell written as a value (never a formula) and escaped. */
export function xlsxOf(sheetName: string, columns: ExportColumn[], rows: Record<string, unknown>[]): Buffer {
  const aoa = sheetRows(columns, rows);
  const ws = XLSX.utils.aoa_to_sheet(aoa);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, validSheetName(sheetName, new Set(), 'Sheet1'));
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function attachmentHeader(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Postgres unique violation. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** One page of rows and the count of all: `from` is the FROM … WHERE part both share, `select` the row query's columns. */
export async function pageOf<T>(db: DataSource, t: NormalisedTable, q: { select: string; from: string; order: string }, args: unknown[]): Promise<{ total: number; list: T[]; rows?: T[] }> {
  const total: { n: number }[] = await db.query(`SELECT count(*)::int AS n FROM ${q.from}`, args);
  const rows: T[] = await db.query(`SELECT ${q.select} FROM ${q.from} ORDER BY ${q.order} LIMIT ${t.size} OFFSET ${(t.current - 1) * t.size}`, args);
  return page(t, total[0]?.n ?? 0, rows);
}

/** Runs a write; a unique violation becomes a refusal with `messageKey` (a code or a name already used). */
export async function uniqueAs<T>(messageKey: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppException.badRequest(messageKey);
    throw err;
  }
}

/** Updates the row `id` ($1, then `args`) or inserts one (`args`) and answers its id; an update of no row is not found. */
export async function saveRow(db: DataSource, id: string | undefined, sql: { update: string; insert: string }, args: unknown[]): Promise<string> {
  if (id) {
    const rows: [unknown[], number] = await db.query(sql.update, [id, ...args]);
    if (rows[0].length === 0) throw AppException.notFound();
    return id;
  }
  const rows: { id: string }[] = await db.query(sql.insert, args);
  return (rows[0] as { id: string }).id;
}

/** The tables edited as trees: a row's parent is `parent_id`. */
export type TreeTable = 'sys_menu' | 'org_department';

/** A tree's rows as nested nodes, in the rows' order; a node whose parent is not among them is a root. */
export function nestTree<N extends { id: string; parentId: string | null; children: N[] }>(nodes: readonly N[]): N[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const roots: N[] = [];
  for (const n of nodes) ((n.parentId && byId.get(n.parentId)?.children) || roots).push(n);
  return roots;
}

/** A node's parent must exist, and a node moved (`id`) may not go under itself or its own descendants (`loopKey`). */
export async function checkParent(db: DataSource, table: TreeTable, id: string | undefined, parentId: string | null, loopKey: string): Promise<void> {
  if (!parentId) return;
  const parent: unknown[] = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [parentId]);
  if (parent.length === 0) throw AdminErrors.parentNotFound();
  if (!id) return;
  const loop: unknown[] = await db.query(`WITH RECURSIVE sub AS (SELECT id FROM ${table} WHERE id = $1 UNION SELECT c.id FROM ${table} c JOIN sub ON c.parent_id = sub.id) SELECT 1 FROM sub WHERE id = $2`, [id, parentId]);
  if (loop.length > 0) throw AppException.badRequest(loopKey);
}

/** A node with children is not deleted (`messageKey`). */
export async function checkNoChildren(db: DataSource, table: TreeTable, id: string, messageKey: string): Promise<void> {
  const children: unknown[] = await db.query(`SELECT 1 FROM ${table} WHERE parent_id = $1 LIMIT 1`, [id]);
  if (children.length > 0) throw AppException.badRequest(messageKey);
}

export type { ExportColumn };
