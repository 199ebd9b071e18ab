import { Injectable } from '@nestjs/common';
import type { ElectiveMine } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { ElectivesErrors } from '../../electives.errors.js';

/** `GET /electives/batches/{id}/mine`: the caller's own selections and ranked preferences (a student's only). */
@Injectable()
export class MyChoices {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
  ) {}

  async execute(batchId: string, userId: string): Promise<ElectiveMine> {
    const student = await this.electives.student(this.db, userId);
    if (!student) throw ElectivesErrors.notStudent();
    return this.electives.mine(this.db, batchId, student.id);
  }
}
