import { Injectable } from '@nestjs/common';
import { RoleCode } from '@schoolflow/contracts';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { PublishingErrors } from '../publishing.errors.js';
import { kindOf } from './post-kinds.js';
import type { PostRow } from './posts.repository.js';
import type { PostKind } from '@schoolflow/contracts';

/**
 * Who may do what with a post, checked on the server: publishing or deleting a kind is its permission (the spec's
 * §6 message otherwise); managing a post (publish, pin, withdraw, delete, receipts, remind, review) is its author's,
 * holding that permission still — or an administrator's. Every refusal goes to the operation log.
 */
@Injectable()
export class PostAccess {
  constructor(private readonly audit: AdminAudit) {}

  async mayPublish(me: Principal, kind: PostKind, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (me.permissions.has(kindOf(kind).permission)) return;
    await this.audit.record(me, client, action, target, { kind, reason: 'publishing.errors.forbiddenPublish' }, 'failure');
    throw PublishingErrors.forbiddenPublish();
  }

  /** The post's manager: its author (with the kind's permission) or an administrator; others are refused and logged. */
  async mayManage(me: Principal, post: PostRow, client: ClientInfo, action: string): Promise<void> {
    await this.mayPublish(me, post.kind, client, action, post.id);
    if (post.author_id === me.userId || me.roles.includes(RoleCode.admin)) return;
    await this.audit.record(me, client, action, post.id, { reason: 'publishing.errors.notAuthor' }, 'failure');
    throw PublishingErrors.notAuthor();
  }

  /** Reading receipts and reminding: the author's alone (an administrator too). */
  async mayFollow(me: Principal, post: PostRow, client: ClientInfo, action: string): Promise<void> {
    if (post.author_id === me.userId || me.roles.includes(RoleCode.admin)) return;
    await this.audit.record(me, client, action, post.id, { reason: 'publishing.errors.notAuthor' }, 'failure');
    throw PublishingErrors.notAuthor();
  }

  record(me: Principal, client: ClientInfo, action: string, target: string, detail: Record<string, unknown> = {}): Promise<void> {
    return this.audit.record(me, client, action, target, detail);
  }
}
