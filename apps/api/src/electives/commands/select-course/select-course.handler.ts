import { Injectable } from '@nestjs/common';
import type { ElectiveSelected } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ElectiveAccess } from '../../domain/elective-access.js';
import { ElectivesRepository, type SelectOutcome } from '../../domain/electives.repository.js';
import { SeatBroadcaster } from '../../domain/seat-broadcaster.js';
import { ElectivesErrors } from '../../electives.errors.js';

/** Each refusal of elective_select as the caller hears it. */
function refusal(r: SelectOutcome): Error {
  switch (r.outcome) {
    case 'full':
      return ElectivesErrors.full();
    case 'limit':
      return ElectivesErrors.limit(Number(r.detail));
    case 'clash':
      return ElectivesErrors.clash(r.detail ?? '');
    case 'notStudent':
      return ElectivesErrors.notStudent();
    case 'notOffered':
      return ElectivesErrors.courseNotOffered();
    case 'notEligible':
      return ElectivesErrors.notEligible();
    case 'closed':
    case 'ok':
    case 'already':
      return ElectivesErrors.closed();
  }
}

/**
 * `POST /electives/batches/{id}/selections {courseId}` (docs/product/electives.md#selecting): the database decides in one
 * statement (elective_select: window, grade, limit, clashes, then the guarded UPDATE of the seat) in its own
 * transaction; a repeated click answers the seat already held and stores nothing. After commit the course's seats
 * go into the next beat of pushes.
 */
@Injectable()
export class SelectCourse {
  constructor(
    private readonly db: DataSource,
    private readonly electives: ElectivesRepository,
    private readonly access: ElectiveAccess,
    private readonly seats: SeatBroadcaster,
  ) {}

  async execute(batchId: string, courseId: string, me: Principal, client: ClientInfo): Promise<ElectiveSelected> {
    await this.access.maySelect(me, client, 'elective.select', batchId);
    const r = await this.electives.select(this.db, batchId, me.userId, courseId);
    if (r.outcome !== 'ok' && r.outcome !== 'already') {
      if (r.outcome === 'closed' && !(await this.electives.batch(this.db, batchId))) throw ElectivesErrors.batchNotFound();
      throw refusal(r);
    }
    if (r.outcome === 'ok') this.seats.changed(batchId, courseId);
    return { courseId, remaining: r.remaining ?? 0 };
  }
}
