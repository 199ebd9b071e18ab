import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_PROGRESS, type JobProgress, LETTER_SEND_JOB } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { rows } from '../../../infrastructure/database/query-rows.js';
import { JobQueue } from '../../../infrastructure/jobs/job-queue.js';
import { logger } from '../../../infrastructure/logging/logger.js';
import { RealtimeGateway } from '../../realtime/realtime.gateway.js';
import { LetterNotifier } from '../../domain/letter-notifier.js';
import { LettersRepository } from '../../domain/letters.repository.js';

const QUEUE = 'schoolflow-letters';
/** Copies written per transaction: each commits, is pushed, and moves the progress on. */
export const LETTER_CHUNK = 500;

interface SendInput {
  letterId: string;
  userIds: string[];
}

/**
 * A message to more people than LETTER_JOB_RECIPIENTS (a role or an organisation of thousands) is sent as a job on the
 * background jobs' one runner (JobQueue, docs/adr/0032): its recipients were resolved when it was sent and kept with
 * the job; the copies go in chunks, each its own transaction, with `job.progress` pushed to the writer after each.
 * Safe to run again (a retry, a resume after a stop): a copy's source key writes it once.
 */
@Injectable()
export class LetterSendRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;

  constructor(
    private readonly db: DataSource,
    private readonly letters: LettersRepository,
    private readonly notifier: LetterNotifier,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, { queue: QUEUE, label: 'letters', live: { kinds: LETTER_SEND_JOB }, process: (jobId) => this.process(jobId), givenUp: 'markFailed' });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  enqueue(jobId: string): Promise<void> {
    return this.jobs.enqueue(jobId);
  }

  private async process(jobId: string): Promise<void> {
    const [job] = await rows<{ owner_id: string; input: SendInput }>(
      this.db,
      `UPDATE sys_job SET state = 'running' WHERE id = $1 AND kind = $2 AND state IN ('queued', 'running') RETURNING owner_id, input`,
      [jobId, LETTER_SEND_JOB],
    );
    if (!job) return;
    const letter = await this.letters.get(this.db, job.input.letterId);
    const total = job.input.userIds.length;
    const push = (p: Omit<JobProgress, 'id' | 'kind'>) => this.realtime.emitUnsequenced(job.owner_id, JOB_PROGRESS, { id: jobId, kind: LETTER_SEND_JOB, ...p } satisfies JobProgress);
    if (!letter) {
      await this.db.query(`UPDATE sys_job SET state = 'failed', finished_at = now() WHERE id = $1`, [jobId]);
      return;
    }
    const sent = { id: letter.id, type: letter.type, title: letter.title, link: letter.link, authorId: letter.author_id, authorName: letter.author_name };
    for (let done = 0; done < total; done += LETTER_CHUNK) {
      const chunk = job.input.userIds.slice(done, done + LETTER_CHUNK);
      const pushes = await this.db.transaction(async (tx) => {
        const written = await this.notifier.copies(tx, sent, chunk);
        await tx.query(`UPDATE sys_job SET done = $2 WHERE id = $1`, [jobId, done + chunk.length]);
        return written;
      });
      this.notifier.emit(pushes);
      push({ state: 'running', done: done + chunk.length, total });
    }
    await this.db.transaction(async (tx) => {
      await this.letters.markSent(tx, letter.id, total);
      await tx.query(`UPDATE sys_job SET state = 'completed', done = $2, total = $2, result = $3, finished_at = now() WHERE id = $1`, [jobId, total, JSON.stringify({ letterId: letter.id, recipients: total })]);
    });
    push({ state: 'completed', done: total, total, result: { letterId: letter.id, recipients: total } });
    await this.notifier.counters(this.db, job.owner_id);
    logger.info({ letterId: letter.id, recipients: total }, 'letter sent as a job');
  }
}
