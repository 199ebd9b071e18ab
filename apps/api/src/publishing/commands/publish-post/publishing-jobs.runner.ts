import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { rowsOf } from '@schoolflow/event-store';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { AppException } from '../../../infrastructure/http/app-exception.js';
import { JobQueue } from '../../../infrastructure/jobs/job-queue.js';
import { logger } from '../../../infrastructure/logging/logger.js';
import { PostNotifier } from '../../domain/post-notifier.js';
import { PostPublisher } from '../../domain/post-publisher.js';
import { PostsRepository } from '../../domain/posts.repository.js';

const QUEUE = 'schoolflow-publishing';
/** A reminder's job (`sys_job` kind): resumed at start if a stopped instance left it. */
export const REMIND_JOB = 'post-remind';
const SWEEP = 'publishing-sweep';
const PUBLISH_PREFIX = 'publish-';


/**
 * Publishing's jobs on the background jobs' one runner (JobQueue, docs/adr/0032): a scheduled post's publication (a
 * delayed job named by the post, so asking twice schedules once; the periodic sweep publishes any whose job Redis
 * lost) and a reminder of a post's unread recipients (a `sys_job` row, taken up again after a stop). Both are safe to
 * run twice: publishing takes only a post still scheduled, and a reminder's messages are keyed by its job.
 */
@Injectable()
export class PublishingJobsRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;

  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly publisher: PostPublisher,
    private readonly notifier: PostNotifier,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, {
      queue: QUEUE,
      label: 'publishing',
      live: { kinds: REMIND_JOB },
      process: (jobId) => this.process(jobId),
      tick: { jobId: SWEEP, everyMs: config.publishingSweepSeconds * 1000 },
      givenUp: 'markFailed',
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  /** A scheduled post: published when its time comes (at once if it has). */
  async schedule(postId: string, at: Date): Promise<void> {
    await this.jobs.enqueueDelayed([{ jobId: `${PUBLISH_PREFIX}${postId}`, delayMs: Math.max(0, at.getTime() - Date.now()) + 50 }], { replace: true });
  }

  enqueue(jobId: string): Promise<void> {
    return this.jobs.enqueue(jobId);
  }

  private async process(jobId: string): Promise<void> {
    if (jobId === SWEEP) {
      for (const id of await this.posts.due(this.db)) await this.publishDue(id);
      return;
    }
    if (jobId.startsWith(PUBLISH_PREFIX)) return this.publishDue(jobId.slice(PUBLISH_PREFIX.length));
    return this.remind(jobId);
  }

  /** Publishes the post if it is still scheduled and its time has come; an audience with nobody in it leaves a draft. */
  private async publishDue(postId: string): Promise<void> {
    try {
      const out = await this.db.transaction(async (tx) => {
        const post = await this.posts.get(tx, postId, true);
        if (!post || post.state !== 'scheduled' || (post.publish_at && post.publish_at.getTime() > Date.now())) return null;
        return this.publisher.publishInTx(tx, post);
      });
      if (out) {
        this.notifier.emit(out.pushes);
        logger.info({ postId, recipients: out.recipients }, 'scheduled post published');
      }
    } catch (err) {
      if (!(err instanceof AppException)) throw err;
      // nobody to send it to at its time: it goes back to its author's drafts rather than failing again at every sweep
      await this.db.query(`UPDATE post SET state = 'draft', updated_at = now() WHERE id = $1 AND state = 'scheduled'`, [postId]);
      logger.warn({ postId, reason: err.messageKey }, 'scheduled post not published');
    }
  }

  /** Bell messages to the post's recipients still unread, once per job (keyed by it). */
  private async remind(jobId: string): Promise<void> {
    const [job] = rowsOf<{ input: { postId: string } }>(await this.db.query(`UPDATE sys_job SET state = 'running' WHERE id = $1 AND kind = $2 AND state IN ('queued', 'running') RETURNING input`, [jobId, REMIND_JOB]));
    if (!job) return;
    const pushes = await this.db.transaction(async (tx) => {
      const post = await this.posts.get(tx, job.input.postId);
      const unread = post && post.state === 'published' ? await this.posts.unread(tx, post.id) : [];
      const rows = post ? await this.notifier.reminded(tx, { id: post.id, kind: post.kind, title: post.title, authorName: post.author_name }, unread, jobId) : [];
      await tx.query(`UPDATE sys_job SET state = 'completed', done = $2, total = $2, result = $3, finished_at = now() WHERE id = $1`, [jobId, unread.length, JSON.stringify({ reminded: unread.length })]);
      return rows;
    });
    this.notifier.emit(pushes);
  }
}
