import { Injectable } from '@nestjs/common';
import { PICTURES_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { Principal } from '../../infrastructure/http/request-context.js';

/**
 * Who may do what with albums, checked on the server (docs/adr/0066-pictures-and-home-cards.md#access): those granted
 * pictures:manage every album; a class's head teacher that class's albums; everyone else sees the albums shared with
 * them (`picture_albums_of`). Every write and every refusal goes to the operation log.
 */
@Injectable()
export class PicturesAccess extends AuditedAccess {
  manages(me: Principal): boolean {
    return me.permissions.has(PICTURES_MANAGE_PERMISSION);
  }
}
