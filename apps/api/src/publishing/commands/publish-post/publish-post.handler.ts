import { Inject, Injectable } from '@nestjs/common';
import { type CreatePostAnswer, parseSchoolTime } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PostAccess } from '../../domain/post-access.js';
import { PostNotifier } from '../../domain/post-notifier.js';
import { PostPublisher } from '../../domain/post-publisher.js';
import { PostsRepository } from '../../domain/posts.repository.js';
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
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, publishAtText: string | undefined, me: Principal, client: ClientInfo): Promise<CreatePostAnswer> {
    const found = await this.posts.get(this.db, id);
    if (!found) throw PublishingErrors.notFound();
    await this.access.mayManage(me, found, client, 'post.publish');
    let publishAt: Date | null = null;
    if (publishAtText !== undefined) {
      const ms = parseSchoolTime(publishAtText, this.config.timeZone);
      if (ms === null) throw PublishingErrors.timeInvalid();
      publishAt = new Date(ms);
    }
    const later = publishAt !== null && publishAt.getTime() > Date.now();
    const out = await this.db.transaction(async (tx) => {
      const post = await this.posts.get(tx, id, true);
      if (!post) throw PublishingErrors.notFound();
      if (post.state !== 'draft' && post.state !== 'scheduled') throw PublishingErrors.notPublishable();
      if (later) {
        await this.posts.setState(tx, id, 'scheduled', { publishAt });
        return { state: 'scheduled' as const, pushes: [] };
      }
      const { pushes } = await this.publisher.publishInTx(tx, post);
      return { state: 'published' as const, pushes };
    });
    this.notifier.emit(out.pushes);
    if (later && publishAt) await this.jobs.schedule(id, publishAt);
    await this.access.record(me, client, 'post.publish', id, { state: out.state });
    return { id, state: out.state };
  }
}
