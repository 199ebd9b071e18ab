import { Injectable } from '@nestjs/common';
import { ELECTIVE_MANAGE_PERMISSION, type ElectiveBatch, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { ElectivesErrors } from '../../electives.errors.js';

/**
 * `GET /electives/batches` (and one): managers see every batch; a student the batches of their grade; anyone else none.
 * The state is computed from the window at the moment of reading.
 */
@Injectable()
export class ListBatches {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
  ) {}

  async execute(me: Principal, lang: Language): Promise<ElectiveBatch[]> {
    if (me.permissions.has(ELECTIVE_MANAGE_PERMISSION)) return this.electives.batches(this.db, Date.now(), null, lang);
    const student = await this.electives.student(this.db, me.userId);
    return student ? this.electives.batches(this.db, Date.now(), student.grade, lang) : [];
  }

  async one(id: string, me: Principal, lang: Language): Promise<ElectiveBatch> {
    const b = await this.electives.batchView(this.db, id, Date.now(), lang);
    if (!b) throw ElectivesErrors.batchNotFound();
    if (me.permissions.has(ELECTIVE_MANAGE_PERMISSION)) return b;
    const student = await this.electives.student(this.db, me.userId);
    if (!student || !b.grades.includes(student.grade)) throw ElectivesErrors.batchNotFound();
    return b;
  }
}
