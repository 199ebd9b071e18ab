import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { operationLogQuerySchema, Permission, type Envelope, type OperationLogRow, type Page } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { validate } from '../../../infrastructure/http/validate.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';

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

/** Searchable, read-only view of the append-only operation log. */
@ApiTags('system')
@Controller()
export class OperationLogsController {
  constructor(private readonly db: DataSource) {}

  @Post('ms/logs/list')
  @HttpCode(200)
  @RequirePermissions(Permission.logView)
  @ApiOperation({ summary: 'Operation log (table request: current, size, query {account, action, result, from, to})' })
  async list(@Body() body: unknown): Promise<Envelope<Page<OperationLogRow>>> {
    const req = validate(operationLogQuerySchema, body);
    const q = req.query ?? {};
    const where: string[] = [];
    const args: unknown[] = [];
    const add = (sql: string, v: unknown): void => {
      args.push(v);
      where.push(sql.replace('?', `$${args.length}`));
    };
    if (q.account) add(`account ILIKE ?`, `%${escapeLike(q.account)}%`);
    if (q.action) add(`action = ?`, q.action);
    if (q.result) add(`result = ?`, q.result);
    if (q.from) add(`at >= ?::timestamptz`, parseTime(q.from));
    if (q.to) add(`at <= ?::timestamptz`, parseTime(q.to));
    args.push(req.size, (req.current - 1) * req.size);
    const rows: LogRow[] = await this.db.query(
      `SELECT id, at, user_id, account, action, target, result, ip, detail, count(*) OVER () AS total
         FROM sys_operation_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY at DESC, id DESC LIMIT $${args.length - 1} OFFSET $${args.length}`,
      args,
    );
    return ok({
      total: Number(rows[0]?.total ?? 0),
      list: rows.map((r) => ({ id: r.id, at: r.at.toISOString(), userId: r.user_id, account: r.account, action: r.action, target: r.target, result: r.result, ip: r.ip, detail: r.detail })),
    });
  }
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Accepts ISO 8601 or `YYYY-MM-DD[ HH:mm[:ss]]` in the school's time zone (Asia/Shanghai, UTC+8). */
function parseTime(s: string): string {
  const local = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?$/.exec(s.trim());
  if (local) return `${local[1]}T${local[2] ?? '00:00:00'}+08:00`;
  if (Number.isNaN(Date.parse(s))) throw AppException.badRequest('validation.invalid');
  return s;
}
