import { Injectable } from '@nestjs/common';
import type { OperationLogRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { rows } from '../../infrastructure/database/query-rows.js';
import { likePattern } from '../../infrastructure/database/like-pattern.js';

/** What a search of the operation log narrows by; every part optional. Moments are instants, never text. */
export interface OperationLogFilter {
  /** Part of the account, matched without case; `%` and `_` are plain characters. */
  account?: string;
  action?: string;
  result?: OperationLogRow['result'];
  from?: Date;
  to?: Date;
}

interface LogRow {
  id: string;
  at: Date;
  user_id: string | null;
  account: string | null;
  action: string;
  target: string | null;
  result: OperationLogRow['result'];
  ip: string | null;
  detail: Record<string, unknown>;
  total: string;
}

/** Reads of the append-only operation log (OperationLogService writes it): newest first, a page at a time. */
@Injectable()
export class OperationLogRepository {
  constructor(private readonly db: DataSource) {}

  async search(filter: OperationLogFilter, size: number, offset: number): Promise<{ total: number; list: OperationLogRow[] }> {
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (sql: string, v: unknown): void => {
      args.push(v);
      where.push(sql.replace('?', `$${args.length}`));
    };
    if (filter.account) add(`account ILIKE ?`, likePattern(filter.account));
    if (filter.action) add(`action = ?`, filter.action);
    if (filter.result) add(`result = ?`, filter.result);
    if (filter.from) add(`at >= ?`, filter.from);
    if (filter.to) add(`at <= ?`, filter.to);
    args.push(size, offset);
    const found = await rows<LogRow>(
      this.db,
      `SELECT id, at, user_id, account, action, target, result, ip, detail, count(*) OVER () AS total
         FROM sys_operation_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY at DESC, id DESC LIMIT $${args.length - 1} OFFSET $${args.length}`,
      args,
    );
    return {
      total: Number(found[0]?.total ?? 0),
      list: found.map((r) => ({ id: r.id, at: r.at.toISOString(), userId: r.user_id, account: r.account, action: r.action, target: r.target, result: r.result, ip: r.ip, detail: r.detail })),
    };
  }
}
