import { Injectable } from '@nestjs/common';
import type { ProjectTask, TaskMove } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { placeInColumn } from '../../domain/board-order.js';
import { ProjectWrites } from '../../domain/project-writes.js';
import { ProjectsRepository } from '../../domain/projects.repository.js';
import { ProjectsErrors } from '../../projects.errors.js';

/**
 * A card dropped on the board (docs/adr/0059-projects.md#order): into a column (its status), before another card or
 * last. The column it left closes up; the one it entered is numbered again, under the project's lock, so two members
 * moving cards at once both land and every place is distinct. Answers every task in the new order.
 */
@Injectable()
export class MoveTask {
  constructor(
    private readonly db: DataSource,
    private readonly projects: ProjectsRepository,
    private readonly writes: ProjectWrites,
  ) {}

  async execute(projectId: string, taskId: string, m: TaskMove, me: Principal, client: ClientInfo): Promise<ProjectTask[]> {
    await this.writes.run(projectId, me, client, 'project.task.move', 'write', 'moved', async (tx) => {
      const before = await this.projects.task(tx, projectId, taskId, this.writes.today());
      if (!before) throw ProjectsErrors.taskNotFound();
      if (before.status !== m.status) {
        await this.projects.setStatus(tx, taskId, m.status);
        await this.projects.setPositions(tx, await this.projects.column(tx, projectId, before.status));
      }
      await this.projects.setPositions(tx, placeInColumn(await this.projects.column(tx, projectId, m.status), taskId, m.beforeId));
      return { value: null, taskId };
    });
    return this.projects.tasks(this.db, projectId, this.writes.today());
  }
}
