import { Injectable } from '@nestjs/common';
import { DORMITORY_EDIT_PERMISSION, DORMITORY_NIGHT_READ_PERMISSION, DORMITORY_READ_PERMISSION, DORMITORY_RECORDS_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { DormitoryErrors } from '../dormitories.errors.js';

/**
 * Who may do what in the dormitories, checked on the server (docs/adr/0053-dormitories.md#access): dormitories:list
 * reads beds and histories, dormitories:edit allocates; dormitories:records records inspections and night records
 * and reads them all; a head teacher (dormitories:night:list) reads the night records of their own classes only.
 * Every change and every refusal goes to the operation log.
 */
@Injectable()
export class DormitoryAccess extends AuditedAccess {
  recordsAll(me: Principal): boolean {
    return me.permissions.has(DORMITORY_RECORDS_PERMISSION);
  }

  async mayRead(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(DORMITORY_READ_PERMISSION)) return;
    throw await this.refuse(me, client, action, target, DormitoryErrors.forbidden());
  }

  async mayAllocate(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(DORMITORY_EDIT_PERMISSION)) return;
    throw await this.refuse(me, client, action, target, DormitoryErrors.forbidden());
  }

  async mayRecord(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (this.recordsAll(me)) return;
    throw await this.refuse(me, client, action, target, DormitoryErrors.recordsForbidden());
  }

  /** Reading night records: all of them, or a head teacher's own classes' (`'own'`). */
  async nightScope(me: Principal, client: ClientInfo): Promise<'all' | 'own'> {
    if (this.recordsAll(me)) return 'all';
    if (me.permissions.has(DORMITORY_NIGHT_READ_PERMISSION)) return 'own';
    throw await this.refuse(me, client, 'dormitories.night.list', null, DormitoryErrors.recordsForbidden());
  }
}
