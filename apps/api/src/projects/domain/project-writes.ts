import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type ProjectChange, type ProjectRole } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import type { PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { ProjectsErrors } from '../projects.errors.js';
import { ProjectAccess, type ProjectNeed } from './project-access.js';
import { ProjectNotifier } from './project-notifier.js';
import { type Db, type LockedProject, ProjectsRepository } from './projects.repository.js';

/** What one write did: its answer, the task it was about, who else is told (someone removed), bell messages. */
export interface WriteOutcome<T> {
  value: T;
  taskId?: string | null;
  also?: readonly string[];
  messages?: PlannedMessage[];
}

/**
 * One write of a project, the same way for every use case: in one transaction the project locked (its writes follow
 * one another), the caller's role checked (refusals logged), an archived project's tasks left alone, the change made,
 * the project touched and its members' pushes written; the pushes emitted after the commit.
 */
@Injectable()
export class ProjectWrites {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly notifier: ProjectNotifier,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The school's today, `YYYY-MM-DD`. */
  today(): string {
    return formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10);
  }

  get timeZone(): string {
    return this.config.timeZone;
  }

  async run<T>(
    projectId: string,
    me: Principal,
    client: ClientInfo,
    action: string,
    need: Exclude<ProjectNeed, 'read'>,
    change: ProjectChange,
    fn: (tx: Db, project: LockedProject & { role: ProjectRole }) => Promise<WriteOutcome<T>>,
    options: { whileArchived?: boolean } = {},
  ): Promise<T> {
    const done = await this.db.transaction(async (tx) => {
      const project = await this.access.locked(tx, projectId, me, client, action, need);
      if (project.archived && !options.whileArchived) throw ProjectsErrors.archived();
      const out = await fn(tx, project);
      await this.projects.touch(tx, projectId);
      return { value: out.value, pushes: await this.notifier.changed(tx, projectId, out.taskId ?? null, change, me.userId, out.also ?? [], out.messages ?? []) };
    });
    this.notifier.emit(done.pushes);
    return done.value;
  }
}
