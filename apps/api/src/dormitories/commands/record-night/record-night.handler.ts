import { Injectable } from '@nestjs/common';
import type { NightRecordRow, NightRecordValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import type { PushRow } from '../../../messaging/domain/outbox.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { DormitoryNotifier } from '../../domain/dormitory-notifier.js';
import { bedLabel, nightRow } from '../../domain/dormitory-view.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';
import { DormitoryErrors } from '../../dormitories.errors.js';

/**
 * A late return or a night away (dormitories:records; docs/product/campus-life.md#night-records): the record keeps
 * the student's bed as it was, and their class's head teacher gets a bell message written in the same transaction
 * (the outbox), pushed at commit.
 */
@Injectable()
export class RecordNight {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
    private readonly notifier: DormitoryNotifier,
  ) {}

  async execute(v: NightRecordValues, me: Principal, client: ClientInfo): Promise<NightRecordRow> {
    await this.access.mayRecord(me, client, 'dormitories.night', v.studentId);
    const s = await this.dorms.student(this.db, v.studentId);
    if (!s) throw await this.access.refuse(me, client, 'dormitories.night', v.studentId, DormitoryErrors.studentNotFound());
    const bed = s.room_code && s.bed_no !== null ? bedLabel(s.building_name ?? '', s.room_code, s.bed_no) : '';
    const out = await this.db.transaction(async (tx): Promise<{ row: NightRecordRow; pushes: PushRow[] }> => {
      const id = await this.dorms.insertNight(tx, v, bed, s.head_teacher_id, me.userId);
      const pushes = await this.notifier.night(tx, id, v, s, bed);
      const [row] = (await this.dorms.nights(tx, { current: 1, size: 1, id }, null)).list;
      return { row: nightRow(row as NonNullable<typeof row>), pushes };
    });
    this.notifier.emit(out.pushes);
    await this.access.record(me, client, 'dormitories.night', out.row.id, { studentId: v.studentId, kind: v.kind, date: v.date, time: v.time ?? null });
    return out.row;
  }
}
