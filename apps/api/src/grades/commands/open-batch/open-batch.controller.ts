import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, GradePermission, type Language } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { OpenBatch } from './open-batch.handler.js';

@ApiTags('grades')
@Controller('api/grades/batches')
export class OpenBatchController {
  constructor(private readonly open: OpenBatch) {}

  @Post(':batchId/open')
  @HttpCode(200)
  @RequirePermissions(GradePermission.manage)
  @ApiOperation({ summary: 'Open a batch for entry: one grade-confirmation per (class, course), assigned to its teacher' })
  async run(@Param('batchId') batchId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ sheets: number }>> {
    const out = await this.open.execute(batchId, me, client);
    return ok(out, translate(lang, 'grades.done.opened', { count: out.sheets }));
  }
}
