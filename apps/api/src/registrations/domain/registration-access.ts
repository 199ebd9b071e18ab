import { Injectable } from '@nestjs/common';
import { REGISTRATION_MANAGE_PERMISSION, RoleCode } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { RegistrationsErrors } from '../registrations.errors.js';

/**
 * Who may organise, checked on the server: publishing an event needs `registration:manage`; its roster, check-in and
 * deletion are its organiser's (its author, holding the permission still) or an administrator's. Refusals and every
 * change go to the operation log.
 */
@Injectable()
export class RegistrationAccess extends AuditedAccess {
  /** Whether the caller organises the event (the page offers its roster and check-in). */
  organises(me: Principal, event: { author_id: string }): boolean {
    return me.roles.includes(RoleCode.admin) || (event.author_id === me.userId && me.permissions.has(REGISTRATION_MANAGE_PERMISSION));
  }

  async mayPublish(me: Principal, client: ClientInfo, action: string): Promise<void> {
    if (me.permissions.has(REGISTRATION_MANAGE_PERMISSION)) return;
    await this.refused(me, client, action, null, 'registrations.errors.forbidden');
    throw RegistrationsErrors.forbidden();
  }

  async mayOrganise(me: Principal, client: ClientInfo, action: string, event: { id: string; author_id: string }): Promise<void> {
    if (this.organises(me, event)) return;
    await this.refused(me, client, action, event.id, 'registrations.errors.forbidden');
    throw RegistrationsErrors.forbidden();
  }
}
