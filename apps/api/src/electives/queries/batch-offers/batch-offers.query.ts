import { Injectable } from '@nestjs/common';
import type { ElectiveOffer } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { ElectivesErrors } from '../../electives.errors.js';

/** `GET /electives/batches/{id}/courses`: the batch's courses with their remaining seats (what the pushes then move). */
@Injectable()
export class BatchOffers {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
  ) {}

  async execute(batchId: string): Promise<ElectiveOffer[]> {
    if (!(await this.electives.batch(this.db, batchId))) throw ElectivesErrors.batchNotFound();
    return this.electives.offers(this.db, batchId);
  }
}
