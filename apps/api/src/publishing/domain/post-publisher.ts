import { Injectable } from '@nestjs/common';
import type { PushRow } from '../../messaging/domain/outbox.js';
import { PublishingErrors } from '../publishing.errors.js';
import { audiencePlan } from './audience-plan.js';
import { PostNotifier } from './post-notifier.js';
import { kindOf } from './post-kinds.js';
import { type Db, type PostRow, PostsRepository } from './posts.repository.js';

/**
 * Publishing a post in the caller's transaction (the post locked): its audience resolved to recipients now (the
 * snapshot), the state published, a bell message and `post.published` to each recipient written to the outbox.
 * Answers the pushes to emit once committed. Used by the publish call and by the scheduled job alike.
 */
@Injectable()
export class PostPublisher {
  constructor(
    private readonly posts: PostsRepository,
    private readonly notifier: PostNotifier,
  ) {}

  async publishInTx(tx: Db, post: PostRow): Promise<{ pushes: PushRow[]; recipients: number }> {
    const planned = audiencePlan(post.audience, kindOf(post.kind));
    if ('notAllowed' in planned) throw PublishingErrors.audienceNotAllowed(post.kind);
    const recipients = await this.posts.snapshotRecipients(tx, post.id, planned.plan, post.author_id);
    if (recipients.length === 0) throw PublishingErrors.audienceEmpty();
    await this.posts.setState(tx, post.id, 'published', { publishedNow: true });
    const pushes = await this.notifier.published(tx, { id: post.id, kind: post.kind, title: post.title, authorName: post.author_name }, recipients);
    return { pushes, recipients: recipients.length };
  }
}
