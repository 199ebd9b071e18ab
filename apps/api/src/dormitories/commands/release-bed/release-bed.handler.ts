import { Injectable } from '@nestjs/common';
import type { ReleaseBedInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';
import { DormitoryErrors } from '../../dormitories.errors.js';

/**
 * Takes a student out of their bed (dormitories:edit; docs/product/campus-life.md#allocation): `unassigned` — still a
 * boarder, waiting for another bed (a room change) — or `removed` from the dormitory; the history keeps which, who and
 * why. The day-reading flow's effect removes through the repository in its own transaction (no person).
 */
@Injectable()
export class ReleaseBed {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
  ) {}

  async execute(studentId: string, kind: 'unassigned' | 'removed', body: ReleaseBedInput, me: Principal, client: ClientInfo): Promise<void> {
    const action = kind === 'unassigned' ? 'dormitories.unassign' : 'dormitories.remove';
    await this.access.mayAllocate(me, client, action, studentId);
    const reason = (body.reason ?? '').trim();
    const outcome = await this.db.transaction(async (tx) => {
      const s = await this.dorms.student(tx, studentId, true);
      if (!s) return DormitoryErrors.studentNotFound();
      return (await this.dorms.release(tx, studentId, kind, me.userId, reason)) ? null : DormitoryErrors.noBed();
    });
    if (outcome) throw await this.access.refuse(me, client, action, studentId, outcome);
    await this.access.record(me, client, action, studentId, { reason });
  }
}
