import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, type Page, type WorkflowListItem, workflowListAllQuerySchema, workflowListQuerySchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../../infrastructure/http/valid-input.js';
import { WorkflowReadService } from '../../domain/workflow-read.service.js';
import { FlowParam } from '../../domain/flow-param.js';

@ApiTags('workflows')
@Controller('api/workflows')
export class ListWorkflowsController {
  constructor(private readonly read: WorkflowReadService) {}

  @Get()
  @ApiOperation({ summary: 'Instances of every flow I may see (my applications, application records); flow= narrows to one' })
  async listAll(@ValidQuery(workflowListAllQuerySchema) q: z.output<typeof workflowListAllQuerySchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<Page<WorkflowListItem>>> {
    return ok(await this.read.list(q.flow ?? null, q.scope, q.current, q.size, q.status, me, lang));
  }

  @FlowParam()
  @Get(':flow')
  @ApiOperation({ summary: 'Instances I may see: scope=mine (I applied or it is about me or my child) or all (I review it, or all with view-all)' })
  async list(@Param('flow') flow: string, @ValidQuery(workflowListQuerySchema) q: z.output<typeof workflowListQuerySchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<Page<WorkflowListItem>>> {
    return ok(await this.read.list(flow, q.scope, q.current, q.size, q.status, me, lang));
  }
}
