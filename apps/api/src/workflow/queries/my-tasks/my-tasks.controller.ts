import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, type Page, type WorkflowTaskItem, workflowTasksQuerySchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../../infrastructure/http/valid-input.js';
import { FlowCatalog } from '../../domain/flow-catalog.service.js';
import { WorkflowReadService } from '../../domain/workflow-read.service.js';
import { WorkflowErrors } from '../../workflow.errors.js';

/** Registered before the `:flow` routes so that `tasks` is never taken for a flow name. */
@ApiTags('workflows')
@Controller('api/workflows')
export class MyTasksController {
  constructor(
    private readonly read: WorkflowReadService,
    private readonly catalog: FlowCatalog,
  ) {}

  @Get('tasks')
  @ApiOperation({ summary: 'My review queue, oldest first: every flow, or one (`flow`)' })
  async tasks(@ValidQuery(workflowTasksQuerySchema) q: z.output<typeof workflowTasksQuerySchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<Page<WorkflowTaskItem>>> {
    if (q.flow !== undefined && !this.catalog.hasFlow(q.flow)) throw WorkflowErrors.flowInvalid();
    return ok(await this.read.tasks(q.current, q.size, me, lang, q.flow));
  }
}
