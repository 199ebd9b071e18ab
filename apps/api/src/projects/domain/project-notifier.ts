import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PROJECT_CHANGED, type ProjectChange, type ProjectChangedPush } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import type { PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { type Db, ProjectsRepository } from './projects.repository.js';

/**
 * What reaches a project's members, written in the change's own transaction through the outbox and emitted after the
 * commit (docs/adr/0059-projects.md#live): `project.changed` to every member — and to anyone the change removed — so
 * each open board reads the project again; a task's new owner's bell message.
 */
@Injectable()
export class ProjectNotifier {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async changed(tx: Db, projectId: string, taskId: string | null, change: ProjectChange, actorId: string, also: readonly string[] = [], messages: PlannedMessage[] = []): Promise<PushRow[]> {
    const users = [...new Set([...(await this.projects.memberIds(tx, projectId)), ...also])];
    const payload: ProjectChangedPush = { projectId, taskId, change, actorId };
    // one change, one key: pushed once to each (a retried transaction writes them anew with its own change)
    const key = `project:${projectId}:${change}:${randomUUID()}`;
    const pushes = users.map((userId) => ({ userId, event: PROJECT_CHANGED, payload: { ...payload }, sourceKey: `${key}:${userId}` }));
    return Outbox.messages(tx, messages.map((message) => ({ message, sourceKey: `${key}:message:${message.recipientId}` })), this.config.timeZone, pushes);
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }
}
