import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { type OperationLogQuery, operationLogQuerySchema, parseSchoolMoment, Permission, type Envelope, type OperationLogRow, type Page } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';

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
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('ms/logs/list')
  @HttpCode(200)
  @RequirePermissions(Permission.logView)
  @ApiOperation({ summary: 'Operation log (table request: current, size, query {account, action, result, from, to})' })
  async list(@ValidBody(operationLogQuerySchema) req: OperationLogQuery): Promise<Envelope<Page<OperationLogRow>>> {
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
    // The schema accepted only real moments (momentText); they go to the database as instants, not as text.
    const at = (s: string): Date => new Date(parseSchoolMoment(s, this.config.timeZone) as number);
    if (q.from) add(`at >= ?`, at(q.from));
    if (q.to) add(`at <= ?`, at(q.to));
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
