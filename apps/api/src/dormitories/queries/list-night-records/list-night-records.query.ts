import { Injectable } from '@nestjs/common';
import type { NightRecordListQuery, NightRecordPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { nightRow } from '../../domain/dormitory-view.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';

/** Night records, newest first: all of them (dormitories:records), or a head teacher's own classes' (dormitories:night:list). */
@Injectable()
export class ListNightRecords {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
  ) {}

  async execute(q: NightRecordListQuery, me: Principal, client: ClientInfo): Promise<NightRecordPage> {
    const scope = await this.access.nightScope(me, client);
    const page = await this.dorms.nights(this.db, q, scope === 'own' ? me.userId : null);
    return { total: page.total, list: page.list.map(nightRow) };
  }
}
