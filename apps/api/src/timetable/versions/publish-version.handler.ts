import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { TimetableVersionsRepository } from '../domain/timetable-versions.repository.js';

/**
 * Publishing a draft makes it the semester's timetable (issue 9): the one before is archived in the same transaction.
 * Make-ups and swaps already passed stay as they are — they are dated changes, not part of the template.
 */
@Injectable()
export class PublishVersion {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly audit: AdminAudit,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<{ archived: string | null }> {
    const archived = await this.db.transaction((tx) => this.versions.publish(tx, id, me.userId));
    await this.audit.record(me, client, 'timetable-version.publish', id, { archived });
    return { archived };
  }
}
