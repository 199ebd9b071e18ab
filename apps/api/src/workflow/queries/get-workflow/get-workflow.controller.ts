import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language, WorkflowInstanceView } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { WorkflowReadService } from '../../domain/workflow-read.service.js';
import { FlowParam } from '../../domain/flow-param.js';

@ApiTags('workflows')
@Controller('api/workflows')
export class GetWorkflowController {
  constructor(private readonly read: WorkflowReadService) {}

  @FlowParam()

  @Get(':flow/:id')
  @ApiOperation({ summary: 'One instance: state, status, form, assignees, history (the audit trail) and what I can do' })
  async one(@Param('flow') flow: string, @Param('id') id: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<WorkflowInstanceView>> {
    return ok(await this.read.one(flow, id, me, lang));
  }
}
