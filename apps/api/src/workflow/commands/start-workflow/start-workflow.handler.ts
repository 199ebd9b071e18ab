import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WorkflowCommandResult } from '@schoolflow/contracts';
import { WorkflowEngine } from '../../domain/workflow-engine.service.js';
import { StartWorkflowCommand } from './start-workflow.command.js';

@CommandHandler(StartWorkflowCommand)
export class StartWorkflowHandler implements ICommandHandler<StartWorkflowCommand, WorkflowCommandResult> {
  constructor(private readonly engine: WorkflowEngine) {}

  execute(c: StartWorkflowCommand): Promise<WorkflowCommandResult> {
    return this.engine.start(c.flow, c.form, c.actor, c.client, c.requestId, c.key);
  }
}
