import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WorkflowCommandResult } from '@schoolflow/contracts';
import { WorkflowCommands } from '../../domain/workflow-commands.service.js';
import { SendWorkflowEventCommand } from './send-workflow-event.command.js';

@CommandHandler(SendWorkflowEventCommand)
export class SendWorkflowEventHandler implements ICommandHandler<SendWorkflowEventCommand, WorkflowCommandResult> {
  constructor(private readonly commands: WorkflowCommands) {}

  execute(c: SendWorkflowEventCommand): Promise<WorkflowCommandResult> {
    return this.commands.dispatch(c.flow, c.id, c.input, c.actor, c.ifMatch, c.client, c.requestId, c.key);
  }
}
