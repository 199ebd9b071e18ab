import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PostAccess } from '../../domain/post-access.js';
import { type PostRow, PostsRepository } from '../../domain/posts.repository.js';
import { PublishingErrors } from '../../publishing.errors.js';

/**
 * A post's manager pins it, withdraws it (recipients no longer see it; its receipts are kept for the author) or
 * deletes it (with its receipts and submissions; its files are no longer kept and the sweep removes them).
 */
@Injectable()
export class ManagePost {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly access: PostAccess,
  ) {}

  private async managed(id: string, me: Principal, client: ClientInfo, action: string): Promise<PostRow> {
    const post = await this.posts.get(this.db, id);
    if (!post) throw PublishingErrors.notFound();
    await this.access.mayManage(me, post, client, action);
    return post;
  }

  async pin(id: string, pinned: boolean, me: Principal, client: ClientInfo): Promise<void> {
    const post = await this.managed(id, me, client, 'post.pin');
    if (post.state === 'withdrawn') throw PublishingErrors.notPublished();
    await this.posts.setPinned(this.db, id, pinned);
    await this.access.record(me, client, 'post.pin', id, { pinned });
  }

  async withdraw(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.managed(id, me, client, 'post.withdraw');
    await this.db.transaction(async (tx) => {
      const post = await this.posts.get(tx, id, true);
      if (!post) throw PublishingErrors.notFound();
      if (post.state !== 'published' && post.state !== 'scheduled') throw PublishingErrors.notPublished();
      await this.posts.setState(tx, id, 'withdrawn');
    });
    await this.access.record(me, client, 'post.withdraw', id);
  }

  async delete(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.managed(id, me, client, 'post.delete');
    await this.db.transaction((tx) => this.posts.delete(tx, id));
    await this.access.record(me, client, 'post.delete', id);
  }
}
