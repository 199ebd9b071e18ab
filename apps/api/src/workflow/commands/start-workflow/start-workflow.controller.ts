import { randomUUID } from 'node:crypto';
import { Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Envelope, Language, WorkflowCommandResult } from '@schoolflow/contracts';
import { FLOWS, flowOf } from '@schoolflow/workflows';
import { z } from 'zod';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { CheckedByHandler } from '../../../infrastructure/http/valid-input.js';
import { StartWorkflowCommand } from './start-workflow.command.js';
import { FlowParam } from '../../domain/flow-param.js';
import { parseIdempotencyKey } from '../../domain/idempotency.js';

/**
 * The body: the form of the flow the path names, which its plugin validates with the flow's own schema — one of these,
 * each titled with its flow (a flow only the engine starts takes no form from anyone).
 */
function startForms(): z.ZodType {
  return z.union(
    Object.values(FLOWS)
      .filter((f) => !f.apply.bySystem)
      .map((f) => f.form.schema.meta({ title: f.flow })) as [z.ZodType, ...z.ZodType[]],
  );
}

@ApiTags('workflows')
@Controller('api/workflows')
export class StartWorkflowController {
  constructor(private readonly commands: CommandBus) {}

  @FlowParam()
  @Post(':flow')
  @HttpCode(200)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'one per user action: sent again, the start answers its first outcome and creates nothing' })
  @ApiOperation({ summary: 'Start an instance of a flow; body = the form (docs/product/workflows.md; leave: type, start, end, reason, attachments?, studentId?)' })
  async start(@Param('flow') flow: string, @CheckedByHandler(startForms()) form: unknown, @Headers('idempotency-key') key: string | undefined, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<WorkflowCommandResult>> {
    const result = await this.commands.execute<StartWorkflowCommand, WorkflowCommandResult>(new StartWorkflowCommand(flow, form, me, client, randomUUID(), parseIdempotencyKey(key)));
    // "请假申请已提交", "外出申请已提交": the flow's name as its messages call it; a flow begun as a draft says it is saved
    return ok(result, translate(lang, flowOf(flow)?.draft ? 'workflow.draftSaved' : 'workflow.submitted', { flow: translate(lang, `messages.flows.${flow}`) }));
  }
}
