import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type OperationLogQuery, operationLogQuerySchema, parseSchoolMoment, Permission, type Envelope, type OperationLogRow, type Page } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ok } from '../../../infrastructure/http/envelope.js';
import { RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { OperationLogRepository } from '../../domain/operation-log.repository.js';

/** Searchable, read-only view of the append-only operation log. */
@ApiTags('system')
@Controller()
export class OperationLogsController {
  constructor(
    private readonly log: OperationLogRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  @Post('ms/logs/list')
  @HttpCode(200)
  @RequirePermissions(Permission.logView)
  @ApiOperation({ summary: 'Operation log (table request: current, size, query {account, action, result, from, to})' })
  async list(@ValidBody(operationLogQuerySchema) req: OperationLogQuery): Promise<Envelope<Page<OperationLogRow>>> {
    const q = req.query ?? {};
    // The schema accepted only real moments (momentText); they go to the database as instants, not as text.
    const at = (s: string): Date => new Date(parseSchoolMoment(s, this.config.timeZone) as number);
    const filter = {
      ...(q.account ? { account: q.account } : {}),
      ...(q.action ? { action: q.action } : {}),
      ...(q.result ? { result: q.result } : {}),
      ...(q.from ? { from: at(q.from) } : {}),
      ...(q.to ? { to: at(q.to) } : {}),
    };
    return ok(await this.log.search(filter, req.size, (req.current - 1) * req.size));
  }
}
