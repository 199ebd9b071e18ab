import { Injectable } from '@nestjs/common';
import { electiveBatchState } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ElectiveAccess } from '../../domain/elective-access.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { ElectivesErrors } from '../../electives.errors.js';

/**
 * `PUT /electives/batches/{id}/preferences {courseIds}` (lottery batches, while the window is open): the student's ranked
 * choices replace their earlier ones. Each must be offered and open to their grade, and none may meet a lesson of their
 * timetable (named); two choices may share a slot — they are alternatives, and the draw never gives both.
 */
@Injectable()
export class SavePreferences {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly access: ElectiveAccess,
  ) {}

  async execute(batchId: string, courseIds: string[], me: Principal, client: ClientInfo): Promise<{ courseIds: string[] }> {
    await this.access.maySelect(me, client, 'elective.preferences', batchId);
    const student = await this.electives.student(this.db, me.userId);
    if (!student) throw ElectivesErrors.notStudent();
    const b = await this.electives.batch(this.db, batchId);
    if (!b) throw ElectivesErrors.batchNotFound();
    if (b.mode !== 'lottery') throw ElectivesErrors.notLottery();
    if (electiveBatchState({ start: b.start_at.toISOString(), end: b.end_at.toISOString() }, Date.now()) !== 'inProgress') throw ElectivesErrors.closed();
    if (!b.grades.includes(student.grade)) throw ElectivesErrors.notEligible();
    const offered = await this.electives.offeredOf(this.db, batchId, courseIds);
    if (offered.length !== courseIds.length) throw ElectivesErrors.courseNotOffered();
    if (offered.some((c) => !c.grades.includes(student.grade))) throw ElectivesErrors.notEligible();
    const clash = await this.electives.timetableClash(this.db, b.semester_id, student, courseIds);
    if (clash) throw ElectivesErrors.clash(clash);
    await this.db.transaction((tx) => this.electives.savePreferences(tx, batchId, student.id, courseIds));
    return { courseIds };
  }
}
