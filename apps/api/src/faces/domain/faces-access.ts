import { Injectable } from '@nestjs/common';
import { FacePermission } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { FacesErrors } from '../faces.errors.js';

/**
 * Who may do what with faces, checked on the server (docs/adr/0063-face-recognition.md#access): one's own face with
 * face:register; the settings, the groups and anyone's faces with face:manage. Every write and every refusal goes
 * to the operation log.
 */
@Injectable()
export class FacesAccess extends AuditedAccess {
  manages(me: Principal): boolean {
    return me.permissions.has(FacePermission.manage);
  }

  async needManage(me: Principal, client: ClientInfo, action: string): Promise<void> {
    if (this.manages(me)) return;
    throw await this.refuse(me, client, action, null, FacesErrors.forbidden());
  }

  async needRegister(me: Principal, client: ClientInfo, action: string): Promise<void> {
    if (me.permissions.has(FacePermission.register) || this.manages(me)) return;
    throw await this.refuse(me, client, action, null, FacesErrors.registerForbidden());
  }
}
