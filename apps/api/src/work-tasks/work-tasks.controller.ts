import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type Language, type WorkAssignment, type WorkTaskCandidates, type WorkTaskDetail, workTaskInputSchema, type WorkTaskOverview, type WorkTaskSummary, type WorkTaskValues } from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { AssignWorkTask } from './commands/assign-work-task/assign-work-task.handler.js';
import { WorkTaskLists } from './queries/work-task-lists/work-task-lists.query.js';
import { WorkTasksErrors } from './work-tasks.errors.js';

/**
 * 内控工作管理 (DESIGN §16 `/server/api/work-tasks`; docs/product/office.md#work-tasks): assign, list, the leader view.
 * The assignments' steps (report, submit, approve, return) are the `work-task` flow's commands under
 * `/api/workflows/work-task/{instanceId}/events`. Permission and ownership are the use cases'.
 */
@ApiTags('work-tasks')
@Controller('api/work-tasks')
export class WorkTasksController {
  constructor(
    private readonly assigning: AssignWorkTask,
    private readonly lists: WorkTaskLists,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Assign a task to people and/or departments (expanded now) with a deadline date (work_tasks:assign): one work-task flow per assignee' })
  async create(@ValidBody(workTaskInputSchema) body: WorkTaskValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<WorkTaskDetail>> {
    const task = await this.assigning.execute(body, me, client);
    return ok(task, translate(lang, 'work-tasks.results.created', { count: task.total }));
  }

  @Get('created')
  @ApiOperation({ summary: 'The tasks I assigned, newest first, with their progress (work_tasks:assign)' })
  async created(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<WorkTaskSummary[]>> {
    return ok(await this.lists.created(me, client));
  }

  @Get('candidates')
  @ApiOperation({ summary: 'The staff and departments one may assign to (work_tasks:assign)' })
  async candidates(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<WorkTaskCandidates>> {
    return ok(await this.lists.candidates(me, client));
  }

  @Get('mine')
  @ApiOperation({ summary: 'My assignments: open ones by deadline, then the ended' })
  async mine(@CurrentUser() me: Principal): Promise<Envelope<WorkAssignment[]>> {
    return ok(await this.lists.mine(me));
  }

  @Get('review')
  @ApiOperation({ summary: 'Submissions of the tasks I assigned, waiting for my review' })
  async review(@CurrentUser() me: Principal): Promise<Envelope<WorkAssignment[]>> {
    return ok(await this.lists.review(me));
  }

  @Get('overview')
  @ApiOperation({ summary: 'The leader view: every task, the overdue count, each department’s progress (work_tasks:view_all)' })
  async overview(@CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<WorkTaskOverview>> {
    return ok(await this.lists.overview(me, client));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One task: all its assignments to its leader and view_all holders, one’s own to an assignee' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<WorkTaskDetail>> {
    if (!isUuid(id)) throw WorkTasksErrors.notFound();
    return ok(await this.lists.detail(id, me, client));
  }
}
