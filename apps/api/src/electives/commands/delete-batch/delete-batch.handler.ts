import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ElectiveAccess } from '../../domain/elective-access.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { ElectivesErrors } from '../../electives.errors.js';

/** Deletes a batch that has not started (nobody can have selected in it yet). Logged. */
@Injectable()
export class DeleteBatch {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly access: ElectiveAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'elective.batch.delete', id);
    await this.db.transaction(async (tx) => {
      const current = await this.electives.batch(tx, id, true);
      if (!current) throw ElectivesErrors.batchNotFound();
      if (current.start_at.getTime() <= Date.now()) throw ElectivesErrors.started();
      await this.electives.deleteBatch(tx, id);
    });
    await this.access.record(me, client, 'elective.batch.delete', id);
  }
}
