import { Injectable } from '@nestjs/common';
import type { Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AccessService } from '../../access/domain/access.service.js';
import { rows } from '../../infrastructure/database/query-rows.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { CreatePost } from '../../publishing/commands/create-post/create-post.handler.js';
import { SpiderErrors } from '../spider-columns.errors.js';
import { itemPost } from './item-post.js';
import type { ColumnRow, ItemRow } from './spider-columns.repository.js';
import { SpiderColumnsRepository } from './spider-columns.repository.js';

/** Where the job's writes are logged from. */
const JOB_CLIENT: ClientInfo = { ip: '', userAgent: 'spider-column job' };

/**
 * An item published as a post through publishing's own use case (CreatePost: the kind's permission, the audience, the
 * sanitising, the bell messages) — never a second way to write posts (docs/adr/0067-spider-columns.md#publishing).
 * The item is marked published with its post in the post's transaction: both or neither, and an item decided by
 * someone else meanwhile rolls the post back (409).
 */
@Injectable()
export class ItemPublisher {
  constructor(
    private readonly db: DataSource,
    private readonly repo: SpiderColumnsRepository,
    private readonly posts: CreatePost,
    private readonly access: AccessService,
  ) {}

  async publish(column: ColumnRow, item: ItemRow, me: Principal, client: ClientInfo, lang: Language): Promise<string> {
    const answer = await this.posts.execute(itemPost(column, item, lang), me, client, async (tx, postId) => {
      if (!(await this.repo.decide(tx, item.id, 'published', me.userId, postId))) throw SpiderErrors.itemDecided();
    });
    return answer.id;
  }

  /** Automatic publishing: as the column's owner (the last to save it), with their permissions as they are now. */
  async publishAsOwner(column: ColumnRow, item: ItemRow): Promise<string> {
    const owner = await this.owner(column.ownerId);
    if (!owner) throw AppException.forbidden('publishing.errors.forbiddenPublish');
    return this.publish(column, item, owner, JOB_CLIENT, 'zh');
  }

  private async owner(userId: string): Promise<Principal | null> {
    const [user] = await rows<{ account: string; name: string; userType: string }>(this.db, `SELECT account, name, user_type AS "userType" FROM sys_user WHERE id = $1 AND enabled`, [userId]);
    if (!user) return null;
    const grants = await this.access.grants(userId);
    return { userId, account: user.account, name: user.name, userType: user.userType, sessionId: '', roles: grants.roles, permissions: grants.permissions };
  }
}
