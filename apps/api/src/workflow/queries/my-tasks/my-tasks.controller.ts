import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { type Envelope, type Language, type Page, type WorkflowTaskItem, workflowPageSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidQuery } from '../../../infrastructure/http/valid-input.js';
import { WorkflowReadService } from '../../domain/workflow-read.service.js';

/** Registered before the `:flow` routes so that `tasks` is never taken for a flow name. */
@ApiTags('workflows')
@Controller('api/workflows')
export class MyTasksController {
  constructor(private readonly read: WorkflowReadService) {}

  @Get('tasks')
  @ApiOperation({ summary: 'My review queue across all flows, oldest first' })
  async tasks(@ValidQuery(workflowPageSchema) q: z.output<typeof workflowPageSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<Page<WorkflowTaskItem>>> {
    return ok(await this.read.tasks(q.current, q.size, me, lang));
  }
}
