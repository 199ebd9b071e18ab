import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { TimetableVersionsRepository } from '../domain/timetable-versions.repository.js';
import { TimetableErrors } from '../timetable.errors.js';

/** Deletes a draft or an archived timetable; the published one stays until another replaces it. */
@Injectable()
export class DeleteVersion {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly audit: AdminAudit,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await this.versions.get(tx, id, true);
      if (row.state === 'published') throw TimetableErrors.publishedNotDeletable();
      await this.versions.notBeingMade(tx, row);
      await this.versions.remove(tx, id);
    });
    await this.audit.record(me, client, 'timetable-version.delete', id);
  }
}
