import { Injectable } from '@nestjs/common';
import type { Language, PostListQuery, PostPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { PostsRepository } from '../../domain/posts.repository.js';

/**
 * The caller's posts: received (published, pinned first, newest first, with their receipt; or only the unread, or
 * homework due within days, soonest first) or written (any state, with counts).
 */
@Injectable()
export class ListPosts {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
  ) {}

  execute(q: PostListQuery, me: Principal, lang: Language): Promise<PostPage> {
    const offset = (q.current - 1) * q.size;
    return q.box === 'authored' ? this.posts.authored(this.db, me.userId, q.kind, offset, q.size, lang) : this.posts.inbox(this.db, me.userId, q, offset, q.size, lang);
  }
}
