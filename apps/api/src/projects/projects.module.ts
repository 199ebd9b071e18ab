import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { AttachFiles } from './commands/attach-files/attach-files.handler.js';
import { CommentTask } from './commands/comment-task/comment-task.handler.js';
import { CreateProject } from './commands/create-project/create-project.handler.js';
import { DeleteProject } from './commands/delete-project/delete-project.handler.js';
import { DeleteTask } from './commands/delete-task/delete-task.handler.js';
import { MoveTask } from './commands/move-task/move-task.handler.js';
import { SaveTask } from './commands/save-task/save-task.handler.js';
import { SetMember } from './commands/set-member/set-member.handler.js';
import { UpdateProject } from './commands/update-project/update-project.handler.js';
import { ProjectAccess } from './domain/project-access.js';
import { ProjectNotifier } from './domain/project-notifier.js';
import { ProjectWrites } from './domain/project-writes.js';
import { ProjectsRepository } from './domain/projects.repository.js';
import { ProjectsController } from './projects.controller.js';
import { ListProjects } from './queries/list-projects/list-projects.query.js';
import { ProjectDetailQuery } from './queries/project-detail/project-detail.query.js';
import { TaskDetailQuery } from './queries/task-detail/task-detail.query.js';

/**
 * 项目管理 (`/server/api/projects`; docs/product/office.md#projects, docs/adr/0059-projects.md): projects, their
 * members and roles, tasks on a board and a timeline, comments and attachments; every change pushed live to the
 * project's members through the messaging outbox. Refusals in projects.errors.ts.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [ProjectsController],
  providers: [
    AdminAudit,
    ProjectsRepository,
    ProjectAccess,
    ProjectNotifier,
    ProjectWrites,
    ListProjects,
    ProjectDetailQuery,
    TaskDetailQuery,
    CreateProject,
    UpdateProject,
    DeleteProject,
    SetMember,
    SaveTask,
    MoveTask,
    DeleteTask,
    CommentTask,
    AttachFiles,
  ],
})
export class ProjectsModule {}
