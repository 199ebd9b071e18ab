import { Inject, Injectable } from '@nestjs/common';
import { parseSchoolTime } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
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
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** A school time the author typed ('YYYY-MM-DD HH:mm'), or the refusal; none given: null. */
  timeOf(text: string | undefined): Date | null {
    if (text === undefined) return null;
    const ms = parseSchoolTime(text, this.config.timeZone);
    if (ms === null) throw PublishingErrors.timeInvalid();
    return new Date(ms);
  }

  /**
   * The author's "publish" in the caller's transaction (the post locked): scheduled when `publishAt` is later than
   * now (the caller queues its job once committed), else published now. Create and publish decide it here alike.
   */
  async publishOrSchedule(tx: Db, post: PostRow, publishAt: Date | null): Promise<{ state: 'published' | 'scheduled'; pushes: PushRow[] }> {
    if (publishAt !== null && publishAt.getTime() > Date.now()) {
      await this.posts.setState(tx, post.id, 'scheduled', { publishAt });
      return { state: 'scheduled', pushes: [] };
    }
    const { pushes } = await this.publishInTx(tx, post);
    return { state: 'published', pushes };
  }

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
