import { Injectable } from '@nestjs/common';
import { ZOUBAN_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { ClassWalkingErrors } from '../class-walking.errors.js';

/**
 * Who may do what in class-walking, checked on the server: managing windows, counting and generating need
 * `zouban:manage`; a head teacher reads the classes they head; a student chooses for themselves. Refusals and every
 * change go to the operation log.
 */
@Injectable()
export class ClassWalkingAccess extends AuditedAccess {
  manages(me: Principal): boolean {
    return me.permissions.has(ZOUBAN_MANAGE_PERMISSION);
  }

  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (this.manages(me)) return;
    await this.refused(me, client, action, target, 'class-walking.errors.forbidden');
    throw ClassWalkingErrors.forbidden();
  }
}
