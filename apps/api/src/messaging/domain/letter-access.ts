import { Injectable } from '@nestjs/common';
import { MESSAGE_WRITE_PERMISSION, type Recipient } from '@schoolflow/contracts';
import { directoryScope } from '../../access/domain/directory-scope.js';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import type { Db } from '../../infrastructure/database/query-rows.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { MessagingErrors } from '../messaging.errors.js';
import { LettersRepository } from './letters.repository.js';

/**
 * Who may write to whom (docs/product/messages.md#who-may-write-to-whom), checked on the server when a message is sent:
 * - with `message:write` (granted to the staff roles; an administrator may change that) anyone: people,
 *   organisations, roles and classes;
 * - without it people only, and only those the writer may find in the directory (`directoryScope`): a student or a
 *   parent reaches the head teacher and the teachers of their (children's) classes and the school office — not the
 *   whole school;
 * - the sender of a message one answers is always a permitted recipient.
 * Every refusal goes to the operation log.
 */
@Injectable()
export class LetterAccess {
  constructor(
    private readonly letters: LettersRepository,
    private readonly audit: AdminAudit,
  ) {}

  async mayWrite(db: Db, me: Principal, client: ClientInfo, selection: readonly Recipient[], userIds: readonly string[], replySender: string | null): Promise<void> {
    if (me.permissions.has(MESSAGE_WRITE_PERMISSION)) return;
    if (selection.some((r) => r.TYPE !== 'people')) {
      await this.refused(me, client, 'letters.errors.forbiddenGroup', {});
      throw MessagingErrors.forbiddenGroup();
    }
    const others = userIds.filter((id) => id !== replySender);
    const [outside] = await this.letters.outsideScope(db, others, directoryScope(me, 2));
    if (!outside) return;
    await this.refused(me, client, 'letters.errors.forbiddenRecipient', { recipient: outside.id });
    throw MessagingErrors.forbiddenRecipient(outside.name);
  }

  record(me: Principal, client: ClientInfo, action: string, target: string, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(me, client, action, target, detail);
  }

  private refused(me: Principal, client: ClientInfo, reason: string, detail: Record<string, unknown>): Promise<void> {
    return this.audit.record(me, client, 'message.send', null, { ...detail, reason }, 'failure');
  }
}
