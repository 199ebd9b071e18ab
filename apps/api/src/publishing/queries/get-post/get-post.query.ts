import { Injectable } from '@nestjs/common';
import { type Language, type PostDetail, RoleCode } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AdvisoryLockSpace } from '../../../infrastructure/database/advisory-locks.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { PostNotifier } from '../../domain/post-notifier.js';
import { kindOf } from '../../domain/post-kinds.js';
import { PostsRepository } from '../../domain/posts.repository.js';
import { PublishingErrors } from '../../publishing.errors.js';

/**
 * One post for its author (any state) or a recipient (published only; others are told it does not exist). A
 * recipient's first reading records their read time and pushes the author's new counts; reading again changes nothing.
 */
@Injectable()
export class GetPost {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly notifier: PostNotifier,
  ) {}

  async execute(id: string, me: Principal, lang: Language): Promise<PostDetail> {
    const post = await this.posts.get(this.db, id);
    if (!post) throw PublishingErrors.notFound();
    const mine = post.author_id === me.userId;
    const recipient = post.state === 'published' ? await this.posts.recipient(this.db, id, me.userId) : null;
    if (!mine && !recipient) throw PublishingErrors.notFound();
    if (recipient && !recipient.read_at) {
      const pushes = await this.db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [AdvisoryLockSpace.postReceipts, id]);
        return (await this.posts.markRead(tx, id, me.userId)) ? this.notifier.receipt(tx, id, post.author_id, me.userId, 'read') : [];
      });
      this.notifier.emit(pushes);
    }
    const d = await this.posts.detail(this.db, id, me.userId, lang);
    if (!d) throw PublishingErrors.notFound();
    const canManage = me.permissions.has(kindOf(post.kind).permission) && (mine || me.roles.includes(RoleCode.admin));
    // a parent confirms and hands in per child: the page offers each of theirs the post reached, with its state
    const children = recipient?.role === 'parent' ? await this.posts.childrenOf(this.db, id, me.userId, lang) : [];
    return { ...d, attachments: await this.posts.filesOf(this.db, d.attachments), mine, canManage, children };
  }
}
