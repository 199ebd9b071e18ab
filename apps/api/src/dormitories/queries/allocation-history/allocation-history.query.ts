import { Inject, Injectable } from '@nestjs/common';
import type { DormitoryHistoryEntry, DormitoryHistoryQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { historyEntry } from '../../domain/dormitory-view.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';

/** A room's or a student's allocation history, newest first (dormitories:list): the append-only log. */
@Injectable()
export class AllocationHistoryQuery {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: DormitoryHistoryQuery, me: Principal, client: ClientInfo): Promise<DormitoryHistoryEntry[]> {
    await this.access.mayRead(me, client, 'dormitories.history', q.roomId ?? q.studentId ?? null);
    return (await this.dorms.history(this.db, q)).map((h) => historyEntry(h, this.config.timeZone));
  }
}
