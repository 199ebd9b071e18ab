import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { WorkflowModule } from '../workflow/workflow.module.js';
import { AssignWorkTask } from './commands/assign-work-task/assign-work-task.handler.js';
import { WorkTaskAccess } from './domain/work-task-access.js';
import { WorkTasksRepository } from './domain/work-tasks.repository.js';
import { WorkTaskLists } from './queries/work-task-lists/work-task-lists.query.js';
import { OverdueReminders } from './reminders/overdue-reminders.js';
import { WorkTasksDemoSeed } from './seed/work-tasks-demo.seed.js';
import { WorkTasksController } from './work-tasks.controller.js';

/**
 * 内控工作管理 (DESIGN §16 `/server/api/work-tasks`; docs/product/office.md#work-tasks, docs/adr/0055-work-tasks.md):
 * tasks and their assignees here; each assignment is a `work-task` flow (applications/work-task); overdue reminders
 * through the messaging outbox.
 */
@Module({
  imports: [SystemModule, MessagingModule, WorkflowModule],
  controllers: [WorkTasksController],
  providers: [AdminAudit, WorkTasksRepository, WorkTaskAccess, WorkTaskLists, AssignWorkTask, OverdueReminders, WorkTasksDemoSeed],
})
export class WorkTasksModule {}
