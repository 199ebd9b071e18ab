import { Injectable } from '@nestjs/common';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ProjectAccess } from '../../domain/project-access.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { ProjectsRepository } from '../../domain/projects.repository.js';

/**
 * The owner deletes the project with its tasks, comments and attachments (their files' links go with them: the sweep
 * removes the files). Its members are told, so their open boards close it. Logged.
 */
@Injectable()
export class DeleteProject {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly access: ProjectAccess,
    private readonly writes: ProjectWrites,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.writes.run(
      id,
      me,
      client,
      'project.delete',
      'manage',
      'deleted',
      async (tx, project) => {
        const members = await this.projects.memberIds(tx, id);
        await this.projects.deleteProject(tx, id);
        return { value: project.name, also: members };
      },
      { whileArchived: true },
    );
    await this.access.record(me, client, 'project.delete', id);
  }
}
