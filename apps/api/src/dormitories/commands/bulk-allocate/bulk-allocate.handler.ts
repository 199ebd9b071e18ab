import { Injectable } from '@nestjs/common';
import type { BulkAllocationInput, BulkAllocationPlan } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { isUniqueViolation, lockAllocations } from '../../domain/allocation-lock.js';
import { planBulkAllocation } from '../../domain/bulk-allocation.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';
import { DormitoryErrors } from '../../dormitories.errors.js';

/**
 * 批量分配 (dormitories:edit; docs/adr/0053-dormitories.md#bulk-allocation): a grade's boarders of one gender without
 * a bed into the chosen rooms. The preview plans on what is there and writes nothing; the apply plans again inside one
 * transaction, on the rooms locked and after every other allocation (the allocation lock), and writes that plan — so
 * a room filled meanwhile is not filled twice and no room goes above its effective beds. The answer is what was done.
 */
@Injectable()
export class BulkAllocate {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
  ) {}

  async preview(v: BulkAllocationInput, me: Principal, client: ClientInfo): Promise<BulkAllocationPlan> {
    await this.access.mayAllocate(me, client, 'dormitories.bulk.preview', null);
    const rooms = await this.dorms.planRooms(this.db, v.roomIds, false);
    return planBulkAllocation(await this.dorms.waiting(this.db, v.grade, v.gender), rooms, v.gender);
  }

  async apply(v: BulkAllocationInput, me: Principal, client: ClientInfo): Promise<BulkAllocationPlan> {
    await this.access.mayAllocate(me, client, 'dormitories.bulk.apply', null);
    const plan = await this.db
      .transaction(async (tx) => {
        await lockAllocations(tx);
        const rooms = await this.dorms.planRooms(tx, v.roomIds, true);
        const planned = planBulkAllocation(await this.dorms.waiting(tx, v.grade, v.gender), rooms, v.gender);
        for (const p of planned.placements) await this.dorms.attach(tx, p.studentId, p.roomId, p.bedNo, me.userId);
        return planned;
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return null;
        throw err;
      });
    if (!plan) throw await this.access.refuse(me, client, 'dormitories.bulk.apply', null, DormitoryErrors.bedTaken());
    await this.access.record(me, client, 'dormitories.bulk.apply', null, { grade: v.grade, gender: v.gender, rooms: v.roomIds.length, placed: plan.placements.length, unplaced: plan.unplaced.length });
    return plan;
  }
}
