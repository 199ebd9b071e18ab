import { Injectable } from '@nestjs/common';
import type { InspectionListQuery, InspectionPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { inspectionRow } from '../../domain/dormitory-view.js';
import { type Db, DormitoryRepository } from '../../domain/dormitory.repository.js';

/** Hygiene inspections, newest first, by room or building, with their photos (dormitories:records). */
@Injectable()
export class ListInspections {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
  ) {}

  async execute(q: InspectionListQuery, me: Principal, client: ClientInfo): Promise<InspectionPage> {
    await this.access.mayRecord(me, client, 'dormitories.inspections.list', null);
    return this.page(this.db, q);
  }

  async page(db: Db, q: InspectionListQuery & { id?: string }): Promise<InspectionPage> {
    const page = await this.dorms.inspections(db, q);
    const files = await this.dorms.fileNames(db, page.list.flatMap((i) => i.photos));
    return { total: page.total, list: page.list.map((i) => inspectionRow(i, files)) };
  }
}
