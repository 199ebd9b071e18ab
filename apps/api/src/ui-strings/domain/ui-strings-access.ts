import { Injectable } from '@nestjs/common';
import { UI_STRINGS_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { UiStringsErrors } from '../ui-strings.errors.js';

/**
 * Who may do what with interface strings (docs/adr/0065-interface-languages.md#access): anyone signed in reads their
 * language's overrides (the browser merges them); i18n:manage reads the strings, overrides, exports and imports. Every
 * change and every refusal goes to the operation log.
 */
@Injectable()
export class UiStringsAccess extends AuditedAccess {
  async mayManage(me: Principal, client: ClientInfo, action: string): Promise<void> {
    if (me.permissions.has(UI_STRINGS_MANAGE_PERMISSION)) return;
    throw await this.refuse(me, client, action, null, UiStringsErrors.forbidden());
  }
}
