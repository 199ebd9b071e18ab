import { Injectable } from '@nestjs/common';
import type { DormitoryRoomBeds } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { roomBeds } from '../../domain/dormitory-view.js';
import { type Db, DormitoryRepository } from '../../domain/dormitory.repository.js';
import { DormitoryErrors } from '../../dormitories.errors.js';

/** A room's beds and who sleeps in each (dormitories:list). */
@Injectable()
export class RoomBedsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
  ) {}

  async execute(roomId: string, me: Principal, client: ClientInfo): Promise<DormitoryRoomBeds> {
    await this.access.mayRead(me, client, 'dormitories.beds', roomId);
    return this.view(this.db, roomId);
  }

  async view(db: Db, roomId: string): Promise<DormitoryRoomBeds> {
    const room = await this.dorms.room(db, roomId);
    if (!room) throw DormitoryErrors.roomNotFound();
    return roomBeds(room, await this.dorms.occupants(db, roomId));
  }
}
