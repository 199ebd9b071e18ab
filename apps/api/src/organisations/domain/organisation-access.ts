import { Injectable } from '@nestjs/common';
import { ORGANISATIONS_MANAGE } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { OrganisationsErrors } from '../organisations.errors.js';

/**
 * Who may do what with student organisations, checked on the server (docs/adr/0061-organisations.md#access): holders
 * of organisations:manage (the office, administrators) manage every body — the kit's resource for the bodies
 * themselves; a body's advisor manages its members and activities; anyone signed in reads the bodies in use and their
 * members. Every change, and every refusal, goes to the operation log.
 */
@Injectable()
export class OrganisationAccess extends AuditedAccess {
  managesAll(me: Principal): boolean {
    return me.permissions.has(ORGANISATIONS_MANAGE);
  }

  /** Whether `me` manages this body: its advisor, or a holder of organisations:manage. */
  manages(me: Principal, body: { advisor_id: string }): boolean {
    return this.managesAll(me) || body.advisor_id === me.userId;
  }

  async mayManage(me: Principal, client: ClientInfo, action: string, body: { id: string; advisor_id: string }): Promise<void> {
    if (this.manages(me, body)) return;
    throw await this.refuse(me, client, action, body.id, OrganisationsErrors.forbidden());
  }
}
