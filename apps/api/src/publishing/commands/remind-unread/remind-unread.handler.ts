import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, REMIND_INTERVAL_MINUTES, type RemindAnswer } from '@schoolflow/contracts';
import { rowsOf } from '@schoolflow/event-store';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { PostAccess } from '../../domain/post-access.js';
import { PostsRepository } from '../../domain/posts.repository.js';
import { PublishingErrors } from '../../publishing.errors.js';
import { PublishingJobsRunner, REMIND_JOB } from '../publish-post/publishing-jobs.runner.js';

/**
 * The author reminds a post's unread recipients in one action (issue 24): a job sends each a bell message. At most
 * once an hour per post — the slot is taken in the same statement that checks it, so two clicks at once remind once;
 * the second is answered 429 with the time it may be asked again.
 */
@Injectable()
export class RemindUnread {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly access: PostAccess,
    private readonly jobs: PublishingJobsRunner,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<RemindAnswer> {
    const post = await this.posts.get(this.db, id);
    if (!post) throw PublishingErrors.notFound();
    await this.access.mayFollow(me, post, client, 'post.remind');
    if (post.state !== 'published') throw PublishingErrors.notPublished();
    const unread = (await this.posts.unread(this.db, id)).length;
    if (unread === 0) throw PublishingErrors.nothingToRemind();
    const jobId = await this.db.transaction(async (tx) => {
      const slot = await this.posts.takeReminderSlot(tx, id, REMIND_INTERVAL_MINUTES);
      if (!slot.taken) throw PublishingErrors.remindTooSoon(formatSchoolTime(slot.next.getTime(), this.config.timeZone));
      const [job] = rowsOf<{ id: string }>(await tx.query(`INSERT INTO sys_job (kind, owner_id, input, total) VALUES ($1, $2, $3, $4) RETURNING id`, [REMIND_JOB, me.userId, JSON.stringify({ postId: id }), unread]));
      return (job as { id: string }).id;
    });
    await this.jobs.enqueue(jobId);
    await this.access.record(me, client, 'post.remind', id, { jobId, unread });
    return { jobId, unread };
  }
}
