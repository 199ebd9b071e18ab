import { Injectable } from '@nestjs/common';
import type { AttachBedInput, DormitoryRoomBeds } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { AppException } from '../../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { isUniqueViolation, lockAllocations } from '../../domain/allocation-lock.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';
import { DormitoryErrors } from '../../dormitories.errors.js';
import { RoomBedsQuery } from '../../queries/room-beds/room-beds.query.js';

/**
 * Puts a student in a free bed (dormitories:edit; docs/product/campus-life.md#allocation): an enrolled boarder without
 * a bed, a room in use of their gender, a bed among its effective ones that nobody holds. Checked on the locked room
 * and student, written with its history line in one transaction.
 */
@Injectable()
export class AttachBed {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
    private readonly beds: RoomBedsQuery,
  ) {}

  async execute(v: AttachBedInput, me: Principal, client: ClientInfo): Promise<DormitoryRoomBeds> {
    await this.access.mayAllocate(me, client, 'dormitories.attach', v.studentId);
    const out = await this.db
      .transaction(async (tx): Promise<{ refused: AppException } | { view: DormitoryRoomBeds }> => {
        await lockAllocations(tx);
        const s = await this.dorms.student(tx, v.studentId, true);
        if (!s) return { refused: DormitoryErrors.studentNotFound() };
        const room = await this.dorms.room(tx, v.roomId, true);
        if (!room) return { refused: DormitoryErrors.roomNotFound() };
        if (s.status !== 'enrolled') return { refused: DormitoryErrors.notEnrolled() };
        if (s.boarding !== 'boarding') return { refused: DormitoryErrors.notBoarder() };
        if (s.room_id) return { refused: DormitoryErrors.alreadyInBed() };
        if (!room.enabled) return { refused: DormitoryErrors.roomDisabled() };
        if (room.gender !== s.gender) return { refused: DormitoryErrors.genderMismatch() };
        if (v.bedNo > room.beds_effective) return { refused: DormitoryErrors.bedOutOfUse() };
        if ((await this.dorms.occupants(tx, room.id)).some((o) => o.bed_no === v.bedNo)) return { refused: DormitoryErrors.bedTaken() };
        await this.dorms.attach(tx, s.id, room.id, v.bedNo, me.userId);
        return { view: await this.beds.view(tx, room.id) };
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) return { refused: DormitoryErrors.bedTaken() };
        throw err;
      });
    if ('refused' in out) throw await this.access.refuse(me, client, 'dormitories.attach', v.studentId, out.refused);
    await this.access.record(me, client, 'dormitories.attach', v.studentId, { roomId: v.roomId, bedNo: v.bedNo });
    return out.view;
  }
}
