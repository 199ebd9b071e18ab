import { Injectable } from '@nestjs/common';
import { type CreatePostAnswer } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PostAccess } from '../../domain/post-access.js';
import { PostNotifier } from '../../domain/post-notifier.js';
import { PostPublisher } from '../../domain/post-publisher.js';
import { PostsRepository } from '../../domain/posts.repository.js';
import { alreadyPast } from '../../domain/post-times.js';
import { PublishingErrors } from '../../publishing.errors.js';
import { PublishingJobsRunner } from './publishing-jobs.runner.js';

/** A draft (or a scheduled post) published now, or scheduled for a later `publishAt`: its manager's. */
@Injectable()
export class PublishPost {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly access: PostAccess,
    private readonly publisher: PostPublisher,
    private readonly notifier: PostNotifier,
    private readonly jobs: PublishingJobsRunner,
  ) {}

  async execute(id: string, publishAtText: string | undefined, me: Principal, client: ClientInfo): Promise<CreatePostAnswer> {
    const found = await this.posts.get(this.db, id);
    if (!found) throw PublishingErrors.notFound();
    await this.access.mayManage(me, found, client, 'post.publish');
    const publishAt = this.publisher.timeOf(publishAtText);
    if (alreadyPast(publishAt)) throw PublishingErrors.publishAtPast();
    const out = await this.db.transaction(async (tx) => {
      const post = await this.posts.get(tx, id, true);
      if (!post) throw PublishingErrors.notFound();
      if (post.state !== 'draft' && post.state !== 'scheduled') throw PublishingErrors.notPublishable();
      return this.publisher.publishOrSchedule(tx, post, publishAt);
    });
    this.notifier.emit(out.pushes);
    if (out.state === 'scheduled' && publishAt) await this.jobs.schedule(id, publishAt);
    await this.access.record(me, client, 'post.publish', id, { state: out.state });
    return { id, state: out.state };
  }
}
