import { Injectable } from '@nestjs/common';
import { FEEDBACK_HANDLE_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { FeedbackErrors } from '../feedback.errors.js';

/**
 * Who may do what with feedback, checked on the server (docs/adr/0051-feedback.md#access): anyone signed in submits
 * and reads their own; those granted feedback:handle read, take, reply to and close anyone's. Every write and every
 * refusal goes to the operation log as the other admin writes do — a submission too, which is how an administrator
 * finds who sent an anonymous one (docs/adr/0051-feedback.md#anonymous).
 */
@Injectable()
export class FeedbackAccess extends AuditedAccess {
  handles(me: Principal): boolean {
    return me.permissions.has(FEEDBACK_HANDLE_PERMISSION);
  }

  async mayHandle(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (this.handles(me)) return;
    throw await this.refuse(me, client, action, target, FeedbackErrors.forbidden());
  }
}
