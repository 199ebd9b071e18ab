import { Injectable } from '@nestjs/common';
import type { ElectiveBatch, ElectiveBatchValues, Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ElectiveAccess } from '../../domain/elective-access.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { ElectivesErrors } from '../../electives.errors.js';

/**
 * 选课批次: create, or change before it starts (docs/product/electives.md#batches). The offers are the named courses —
 * each a passed course of the semester open to one of the batch's grades — or, none named, all of them; each offer
 * takes the course's capacity. Logged.
 */
@Injectable()
export class SaveBatch {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly access: ElectiveAccess,
  ) {}

  async execute(id: string | null, v: ElectiveBatchValues, me: Principal, client: ClientInfo, lang: Language): Promise<ElectiveBatch> {
    await this.access.mayManage(me, client, id ? 'elective.batch.update' : 'elective.batch.create', id);
    if (!(await this.electives.semesterExists(this.db, v.semesterId))) throw ElectivesErrors.semesterInvalid();
    const saved = await this.db.transaction(async (tx) => {
      if (id) {
        const current = await this.electives.batch(tx, id, true);
        if (!current) throw ElectivesErrors.batchNotFound();
        if (current.start_at.getTime() <= Date.now()) throw ElectivesErrors.started();
      }
      if (await this.electives.nameTaken(tx, v.semesterId, v.name, id)) throw ElectivesErrors.nameUsed();
      const named = v.courseIds && v.courseIds.length > 0 ? [...new Set(v.courseIds)] : null;
      const courses = await this.electives.offerable(tx, v.semesterId, v.grades, named);
      if (named && courses.length !== named.length) throw ElectivesErrors.coursesInvalid();
      if (courses.length === 0) throw ElectivesErrors.noCourses();
      const batchId = await this.electives.saveBatch(tx, id, v, me.userId);
      await this.electives.replaceOffers(tx, batchId, courses);
      return batchId;
    });
    await this.access.record(me, client, id ? 'elective.batch.update' : 'elective.batch.create', saved, { name: v.name, mode: v.mode });
    return (await this.electives.batchView(this.db, saved, Date.now(), lang)) as ElectiveBatch;
  }
}
