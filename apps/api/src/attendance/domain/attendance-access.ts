import { Injectable } from '@nestjs/common';
import { AttendancePermission } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import type { AppException } from '../../infrastructure/http/app-exception.js';

/**
 * Who may do what with attendance, checked on the server (docs/adr/0052-attendance.md#access): a roll is saved by the
 * class's head teacher or the period's teacher holding attendance:roll, and read by them or anyone holding
 * attendance:view (the whole school); check-ins are one's own (attendance:checkin); the rules are the administrators'
 * (attendance:settings). Every write and every refusal goes to the operation log.
 */
@Injectable()
export class AttendanceAccess extends AuditedAccess {
  seesSchool(me: Principal): boolean {
    return me.permissions.has(AttendancePermission.view);
  }

  /** May save the roll of a class's period: holds attendance:roll and leads the class or teaches the period. */
  takesRoll(me: Principal, headTeacherId: string | null, lessonTeacherId: string): boolean {
    return me.permissions.has(AttendancePermission.roll) && (headTeacherId === me.userId || lessonTeacherId === me.userId);
  }

  async need(me: Principal, client: ClientInfo, permission: string, action: string, refusal: () => AppException): Promise<void> {
    if (me.permissions.has(permission)) return;
    throw await this.refuse(me, client, action, null, refusal());
  }
}
