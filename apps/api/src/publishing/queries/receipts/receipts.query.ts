import { Injectable } from '@nestjs/common';
import { type Language, type PostReceipts, REMIND_INTERVAL_MINUTES, type ReceiptState } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PostAccess } from '../../domain/post-access.js';
import { PostsRepository } from '../../domain/posts.repository.js';
import { remindAgainAt } from '../../domain/remind-window.js';
import { PublishingErrors } from '../../publishing.errors.js';

/** Who has read and confirmed a post: counts over all recipients, per class, the rows the filter keeps, and when a reminder may be asked again — the author's. */
@Injectable()
export class PostReceiptsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly access: PostAccess,
  ) {}

  async execute(id: string, filter: { classId?: string; state?: ReceiptState }, me: Principal, client: ClientInfo, lang: Language): Promise<PostReceipts> {
    const post = await this.posts.get(this.db, id);
    if (!post) throw PublishingErrors.notFound();
    await this.access.mayFollow(me, post, client, 'post.receipts');
    const receipts = await this.posts.receipts(this.db, id, filter, lang);
    const again = remindAgainAt(post.last_reminded_at, new Date(), REMIND_INTERVAL_MINUTES);
    return { ...receipts, lastRemindedAt: post.last_reminded_at?.toISOString() ?? null, remindAgainAt: again?.toISOString() ?? null };
  }
}
