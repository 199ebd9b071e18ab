import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, GradePermission, type Language } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { PublishBatch } from './publish-batch.handler.js';

@ApiTags('grades')
@Controller('api/grades/batches')
export class PublishBatchController {
  constructor(private readonly publish: PublishBatch) {}

  @Post(':batchId/publish')
  @HttpCode(200)
  @RequirePermissions(GradePermission.manage)
  @ApiOperation({ summary: 'Publish a batch whose every sheet has passed; students and parents are told' })
  async run(@Param('batchId') batchId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<{ told: number }>> {
    return ok(await this.publish.execute(batchId, me, client, lang), translate(lang, 'grades.done.published'));
  }
}
