import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  isUuid,
  type Language,
  type ProjectCandidate,
  projectCandidateQuerySchema,
  type ProjectDetail,
  projectInputSchema,
  type ProjectListQuery,
  projectListQuerySchema,
  type ProjectMemberInput,
  projectMemberInputSchema,
  type ProjectSummary,
  type ProjectTask,
  type ProjectValues,
  type TaskAttachInput,
  taskAttachSchema,
  type TaskCommentInput,
  taskCommentSchema,
  type TaskDetail,
  taskInputSchema,
  type TaskMove,
  taskMoveSchema,
  type TaskValues,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { AttachFiles } from './commands/attach-files/attach-files.handler.js';
import { CommentTask } from './commands/comment-task/comment-task.handler.js';
import { CreateProject } from './commands/create-project/create-project.handler.js';
import { DeleteProject } from './commands/delete-project/delete-project.handler.js';
import { DeleteTask } from './commands/delete-task/delete-task.handler.js';
import { MoveTask } from './commands/move-task/move-task.handler.js';
import { SaveTask } from './commands/save-task/save-task.handler.js';
import { SetMember } from './commands/set-member/set-member.handler.js';
import { UpdateProject } from './commands/update-project/update-project.handler.js';
import { ProjectsErrors } from './projects.errors.js';
import { ListProjects } from './queries/list-projects/list-projects.query.js';
import { ProjectDetailQuery } from './queries/project-detail/project-detail.query.js';
import { TaskDetailQuery } from './queries/task-detail/task-detail.query.js';

/** An id in the path that is no uuid names nothing: the project (or what in it) does not exist. */
const project = (id: string): string => {
  if (!isUuid(id)) throw ProjectsErrors.notFound();
  return id;
};
const task = (id: string): string => {
  if (!isUuid(id)) throw ProjectsErrors.taskNotFound();
  return id;
};
const comment = (id: string): string => {
  if (!isUuid(id)) throw ProjectsErrors.commentNotFound();
  return id;
};
const file = (id: string): string => {
  if (!isUuid(id)) throw ProjectsErrors.attachmentNotFound();
  return id;
};
const user = (id: string): string => {
  if (!isUuid(id)) throw ProjectsErrors.notStaff();
  return id;
};

/**
 * 项目管理 (`/server/api/projects`; docs/product/office.md#projects): projects, members, tasks, comments and
 * attachments. Only members read a project; the owner and members write; a viewer reads — checked by the use cases.
 */
@ApiTags('projects')
@Controller('api/projects')
export class ProjectsController {
  constructor(
    private readonly lists: ListProjects,
    private readonly details: ProjectDetailQuery,
    private readonly taskDetails: TaskDetailQuery,
    private readonly creating: CreateProject,
    private readonly updating: UpdateProject,
    private readonly deleting: DeleteProject,
    private readonly membering: SetMember,
    private readonly tasks: SaveTask,
    private readonly moving: MoveTask,
    private readonly taskDeleting: DeleteTask,
    private readonly commenting: CommentTask,
    private readonly attaching: AttachFiles,
  ) {}

  @Get()
  @ApiOperation({ summary: 'My projects (`archived=1`: the archived ones), the latest changed first, with their tasks counted by column' })
  async mine(@ValidQuery(projectListQuerySchema) q: ProjectListQuery, @CurrentUser() me: Principal): Promise<Envelope<ProjectSummary[]>> {
    return ok(await this.lists.execute(q, me));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Start a project: the caller is its owner (menu:projects)' })
  async create(@ValidBody(projectInputSchema) body: ProjectValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ProjectDetail>> {
    return ok(await this.creating.execute(body, me, client), translate(lang, 'projects.results.created'));
  }

  @Get('candidates')
  @ApiOperation({ summary: 'Staff matching `q` (name or account), who may be made members (menu:projects)' })
  async candidates(@ValidQuery(projectCandidateQuerySchema) q: { q: string }, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ProjectCandidate[]>> {
    return ok(await this.lists.candidates(q.q, me, client));
  }

  @Get(':id')
  @ApiOperation({ summary: 'A project with its members and every task by column (members only)' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<ProjectDetail>> {
    return ok(await this.details.execute(project(id), me, client));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Rename, describe, date, archive or restore a project (its owner)' })
  async update(@Param('id') id: string, @ValidBody(projectInputSchema) body: ProjectValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ProjectDetail>> {
    return ok(await this.updating.execute(project(id), body, me, client), translate(lang, 'projects.results.saved'));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a project with its tasks, comments and attachments (its owner)' })
  async delete(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.deleting.execute(project(id), me, client);
    return ok(null, translate(lang, 'projects.results.deleted'));
  }

  @Put(':id/members/:userId')
  @ApiOperation({ summary: "Add a member, change one's role, hand the project over (`owner`) or remove one (`null`) (its owner)" })
  async member(@Param('id') id: string, @Param('userId') userId: string, @ValidBody(projectMemberInputSchema) body: ProjectMemberInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ProjectDetail>> {
    return ok(await this.membering.execute(project(id), user(userId), body, me, client), translate(lang, body.role === null ? 'projects.results.memberRemoved' : 'projects.results.memberSaved'));
  }

  @Post(':id/tasks')
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a task, last in its column (owner, member)' })
  async addTask(@Param('id') id: string, @ValidBody(taskInputSchema) body: TaskValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ProjectTask>> {
    return ok(await this.tasks.create(project(id), body, me, client), translate(lang, 'projects.results.taskCreated'));
  }

  @Get(':id/tasks/:taskId')
  @ApiOperation({ summary: 'A task with its comments and attachments (members)' })
  async task(@Param('id') id: string, @Param('taskId') taskId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<TaskDetail>> {
    return ok(await this.taskDetails.execute(project(id), task(taskId), me, client));
  }

  @Put(':id/tasks/:taskId')
  @ApiOperation({ summary: 'Change a task; a new status puts it last in that column (owner, member)' })
  async updateTask(@Param('id') id: string, @Param('taskId') taskId: string, @ValidBody(taskInputSchema) body: TaskValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ProjectTask>> {
    return ok(await this.tasks.update(project(id), task(taskId), body, me, client), translate(lang, 'projects.results.taskSaved'));
  }

  @Delete(':id/tasks/:taskId')
  @ApiOperation({ summary: 'Delete a task with its comments and attachments (owner, member)' })
  async deleteTask(@Param('id') id: string, @Param('taskId') taskId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.taskDeleting.execute(project(id), task(taskId), me, client);
    return ok(null, translate(lang, 'projects.results.taskDeleted'));
  }

  @Post(':id/tasks/:taskId/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a card: to a column, before another card or last; answers every task in the new order (owner, member)' })
  async move(@Param('id') id: string, @Param('taskId') taskId: string, @ValidBody(taskMoveSchema) body: TaskMove, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ProjectTask[]>> {
    return ok(await this.moving.execute(project(id), task(taskId), body, me, client), translate(lang, 'projects.results.moved'));
  }

  @Post(':id/tasks/:taskId/comments')
  @HttpCode(200)
  @ApiOperation({ summary: 'Comment on a task (owner, member)' })
  async comment(@Param('id') id: string, @Param('taskId') taskId: string, @ValidBody(taskCommentSchema) body: TaskCommentInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<TaskDetail>> {
    return ok(await this.commenting.add(project(id), task(taskId), body, me, client), translate(lang, 'projects.results.commented'));
  }

  @Delete(':id/tasks/:taskId/comments/:commentId')
  @ApiOperation({ summary: "Delete a comment (its author, or the project's owner)" })
  async uncomment(@Param('id') id: string, @Param('taskId') taskId: string, @Param('commentId') commentId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<TaskDetail>> {
    return ok(await this.commenting.remove(project(id), task(taskId), comment(commentId), me, client), translate(lang, 'projects.results.commentDeleted'));
  }

  @Post(':id/tasks/:taskId/attachments')
  @HttpCode(200)
  @ApiOperation({ summary: 'Attach my own uploads to a task, at most ten a task (owner, member)' })
  async attach(@Param('id') id: string, @Param('taskId') taskId: string, @ValidBody(taskAttachSchema) body: TaskAttachInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<TaskDetail>> {
    return ok(await this.attaching.add(project(id), task(taskId), body, me, client), translate(lang, 'projects.results.attached'));
  }

  @Delete(':id/tasks/:taskId/attachments/:resId')
  @ApiOperation({ summary: "Remove an attachment (who attached it, or the project's owner)" })
  async detach(@Param('id') id: string, @Param('taskId') taskId: string, @Param('resId') resId: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<TaskDetail>> {
    return ok(await this.attaching.remove(project(id), task(taskId), file(resId), me, client), translate(lang, 'projects.results.attachmentRemoved'));
  }
}
