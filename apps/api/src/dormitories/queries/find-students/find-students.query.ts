import { Injectable } from '@nestjs/common';
import type { DormitoryStudent } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DormitoryAccess } from '../../domain/dormitory-access.js';
import { dormitoryStudent } from '../../domain/dormitory-view.js';
import { DormitoryRepository } from '../../domain/dormitory.repository.js';

/** Students by name or number with their bed (dormitories:list), up to 20: who to put in a bed, or find. */
@Injectable()
export class FindStudentsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly dorms: DormitoryRepository,
    private readonly access: DormitoryAccess,
  ) {}

  async execute(q: string, me: Principal, client: ClientInfo): Promise<DormitoryStudent[]> {
    await this.access.mayRead(me, client, 'dormitories.students', null);
    return (await this.dorms.findStudents(this.db, q)).map(dormitoryStudent);
  }
}
