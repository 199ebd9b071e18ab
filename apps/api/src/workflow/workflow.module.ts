import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { LeavePlugin } from '../applications/leave/leave.plugin.js';
import { FLOW_PLUGINS } from './domain/flow-plugin.js';
import { WorkflowEngine } from './domain/workflow-engine.service.js';
import { WorkflowReadService } from './domain/workflow-read.service.js';
import { StreamCache } from './domain/stream-cache.js';
import { MyTasksController } from './queries/my-tasks/my-tasks.controller.js';
import { StartWorkflowController } from './commands/start-workflow/start-workflow.controller.js';
import { StartWorkflowHandler } from './commands/start-workflow/start-workflow.handler.js';
import { SendWorkflowEventController } from './commands/send-workflow-event/send-workflow-event.controller.js';
import { SendWorkflowEventHandler } from './commands/send-workflow-event/send-workflow-event.handler.js';
import { GetWorkflowController } from './queries/get-workflow/get-workflow.controller.js';
import { ListWorkflowsController } from './queries/list-workflows/list-workflows.controller.js';

/** The engine and its API. A new flow adds its plugin to FLOW_PLUGINS; nothing else changes. */
@Module({
  imports: [CqrsModule],
  controllers: [MyTasksController, StartWorkflowController, SendWorkflowEventController, GetWorkflowController, ListWorkflowsController],
  providers: [
    LeavePlugin,
    { provide: FLOW_PLUGINS, useFactory: (leave: LeavePlugin) => [leave], inject: [LeavePlugin] },
    StreamCache,
    WorkflowEngine,
    WorkflowReadService,
    StartWorkflowHandler,
    SendWorkflowEventHandler,
  ],
  exports: [WorkflowEngine],
})
export class WorkflowModule {}
