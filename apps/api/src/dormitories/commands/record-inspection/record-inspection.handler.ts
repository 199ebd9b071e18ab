import { Inject, Injectable } from '@nestjs/common';
import { DORMITORY_LIMITS, FLOW_PICTURE_MAX_BYTES, formatSchoolTime, type InspectionRow, type InspectionValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';
import { DormitoryErrors } from '../../dormitories.errors.js';
import { ListInspections } from '../../queries/list-inspections/list-inspections.query.js';

const PHOTO_MIMES = ['image/jpeg', 'image/png'];

/**
 * A hygiene inspection of a room (dormitories:records): the day (not after today), a score 0–100, a remark and up to four of the
 * inspector's own JPG/PNG uploads of at most 2 MB (the files context, linked so they are kept) — all checked before
 * anything is written.
 */
@Injectable()
export class RecordInspection {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
    private readonly list: ListInspections,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(input: InspectionValues, me: Principal, client: ClientInfo): Promise<InspectionRow> {
    await this.access.mayRecord(me, client, 'dormitories.inspect', input.roomId);
    const v = { ...input, photos: [...new Set(input.photos)].slice(0, DORMITORY_LIMITS.photos) };
    // an inspection records what was seen: its day is today or before (school time)
    if (v.inspectedOn > formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10)) throw await this.access.refuse(me, client, 'dormitories.inspect', v.roomId, DormitoryErrors.inspectionFuture());
    if (!(await this.dorms.room(this.db, v.roomId))) throw await this.access.refuse(me, client, 'dormitories.inspect', v.roomId, DormitoryErrors.roomNotFound());
    const files = await this.dorms.ownFiles(this.db, v.photos, me.userId);
    if (files.length !== v.photos.length) throw await this.access.refuse(me, client, 'dormitories.inspect', v.roomId, DormitoryErrors.photoNotYours());
    if (files.some((f) => !PHOTO_MIMES.includes(f.mime) || Number(f.size) > FLOW_PICTURE_MAX_BYTES)) throw await this.access.refuse(me, client, 'dormitories.inspect', v.roomId, DormitoryErrors.photoInvalid());
    const row = await this.db.transaction(async (tx) => {
      const id = await this.dorms.insertInspection(tx, v, me.userId);
      return (await this.list.page(tx, { current: 1, size: 1, id })).list[0] as InspectionRow;
    });
    await this.access.record(me, client, 'dormitories.inspect', row.id, { roomId: v.roomId, score: v.score, photos: v.photos.length });
    return row;
  }
}
