import { randomUUID } from 'node:crypto';
import { Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, type Language, type WorkflowCommandResult, type WorkflowEventInput, workflowEventSchema } from '@schoolflow/contracts';
import { ok } from '../../../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../../../infrastructure/http/request-context.js';
import { ValidBody } from '../../../infrastructure/http/valid-input.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { SendWorkflowEventCommand } from './send-workflow-event.command.js';
import { FlowParam } from '../../domain/flow-param.js';
import { parseIdempotencyKey } from '../../domain/idempotency.js';
import { WorkflowErrors } from '../../workflow.errors.js';

/** If-Match carries the version the user saw; a stale one answers 409 (W/ and quotes tolerated). */
function parseIfMatch(header: string | undefined): number | null {
  if (header === undefined || header.trim() === '') return null;
  const m = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  if (!m) throw WorkflowErrors.eventInvalid();
  return Number(m[1]);
}

@ApiTags('workflows')
@Controller('api/workflows')
export class SendWorkflowEventController {
  constructor(private readonly commands: CommandBus) {}

  @FlowParam()
  @Post(':flow/:id/events')
  @HttpCode(200)
  @ApiHeader({ name: 'If-Match', required: false, description: 'the version the user saw' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'one per user action: sent again, the event answers its first outcome and appends nothing' })
  @ApiOperation({ summary: 'Send an event to an instance: {type: APPROVE|REJECT|WITHDRAW|CANCEL_LEAVE, comment?, returnedAt?}' })
  async send(
    @Param('flow') flow: string,
    @Param('id') id: string,
    @ValidBody(workflowEventSchema) input: WorkflowEventInput,
    @Headers('if-match') ifMatch: string | undefined,
    @Headers('idempotency-key') key: string | undefined,
    @CurrentUser() me: Principal,
    @Client() client: ClientInfo,
    @Lang() lang: Language,
  ): Promise<Envelope<WorkflowCommandResult>> {
    const result = await this.commands.execute<SendWorkflowEventCommand, WorkflowCommandResult>(
      new SendWorkflowEventCommand(flow, id, input, parseIfMatch(ifMatch), me, client, randomUUID(), parseIdempotencyKey(key)),
    );
    return ok(result, translate(lang, 'workflow.done'));
  }
}
