import { Injectable } from '@nestjs/common';
import { electiveBatchState, type ElectiveSelected } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ElectiveAccess } from '../../domain/elective-access.js';
import { ElectivesRepository } from '../../domain/electives.repository.js';
import { SeatBroadcaster } from '../../domain/seat-broadcaster.js';
import { ElectivesErrors } from '../../electives.errors.js';

/**
 * `DELETE /electives/batches/{id}/selections/{courseId}`: a student drops a course while selecting is open (a first-come
 * batch's window, a lottery's leftover round); the seat is given back in the same transaction and pushed.
 */
@Injectable()
export class DropCourse {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly access: ElectiveAccess,
    private readonly seats: SeatBroadcaster,
  ) {}

  async execute(batchId: string, courseId: string, me: Principal, client: ClientInfo): Promise<ElectiveSelected> {
    await this.access.maySelect(me, client, 'elective.drop', batchId);
    const student = await this.electives.student(this.db, me.userId);
    if (!student) throw ElectivesErrors.notStudent();
    const remaining = await this.db.transaction(async (tx) => {
      const b = await this.electives.batch(tx, batchId);
      if (!b) throw ElectivesErrors.batchNotFound();
      const now = Date.now();
      const open = b.mode === 'first-come'
        ? electiveBatchState({ start: b.start_at.toISOString(), end: b.end_at.toISOString() }, now) === 'inProgress'
        : b.drawn_at !== null && b.leftover_end !== null && now >= b.end_at.getTime() && now < b.leftover_end.getTime();
      if (!open) throw ElectivesErrors.closed();
      const left = await this.electives.drop(tx, batchId, student.id, courseId);
      if (left === null) throw ElectivesErrors.notSelected();
      return left;
    });
    this.seats.changed(batchId, courseId);
    return { courseId, remaining };
  }
}
