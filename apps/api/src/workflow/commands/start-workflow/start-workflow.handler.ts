import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WorkflowCommandResult } from '@schoolflow/contracts';
import { WorkflowCommands } from '../../domain/workflow-commands.service.js';
import { StartWorkflowCommand } from './start-workflow.command.js';

@CommandHandler(StartWorkflowCommand)
export class StartWorkflowHandler implements ICommandHandler<StartWorkflowCommand, WorkflowCommandResult> {
  constructor(private readonly commands: WorkflowCommands) {}

  execute(c: StartWorkflowCommand): Promise<WorkflowCommandResult> {
    return this.commands.start(c.flow, c.form, c.actor, c.client, c.requestId, c.key);
  }
}
