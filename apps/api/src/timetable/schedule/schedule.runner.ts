import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_PROGRESS, type JobProgress, SCHEDULE_JOB, type ScheduleJobResult } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { AppException } from '../../infrastructure/http/app-exception.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { JobQueue } from '../../infrastructure/jobs/job-queue.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import { lessonsOf, loadScheduleInput, unplacedLessons, unplacedRecord } from '../domain/schedule-input.js';
import { TimetableVersionsRepository } from '../domain/timetable-versions.repository.js';
import { runScheduleInWorker } from '../scheduling/run-in-worker.js';
import type { ScheduleJobInput } from './start-schedule.handler.js';
import { AdvisoryLockSpace } from '../../infrastructure/database/advisory-locks.js';

const QUEUE = 'schoolflow-timetable-schedule';
/** Progress is written to sys_job and pushed at most this often (the search reports more often than a bar needs). */
const PUSH_EVERY_MS = 250;

/**
 * The automatic scheduler's job (issue 9; docs/adr/0026 for why it is shaped so): reads the semester's facts as they
 * are when it runs, searches in a worker thread (the server's event loop stays free for everyone else), pushes
 * `job.progress` to the one who started it — lessons placed of all, the score so far — and writes the draft's lessons,
 * score and what it left out in one transaction. BullMQ with Redis, in-process without; a job a stopped instance left
 * is run again from the start at the next start, with the same seed (derived from the job's id) — so the same facts
 * give the same timetable however often it is resumed.
 */
@Injectable()
export class ScheduleRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;
  private readonly running = new Set<AbortController>();

  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) config: ServerConfig,
  ) {
    this.jobs = new JobQueue(db, config, { queue: QUEUE, live: { kinds: SCHEDULE_JOB }, label: 'timetable schedule', process: (jobId) => this.process(jobId) });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start();
  }

  async onApplicationShutdown(): Promise<void> {
    for (const run of this.running) run.abort();
    await this.jobs.stop();
  }

  enqueue(jobId: string): Promise<void> {
    return this.jobs.enqueue(jobId);
  }

  /**
   * Runs one job to its end, if no other instance is running it (the job's advisory lock, held on a session of its own
   * for the whole run: a killed process's connection drops and frees it); one already finished is left as it is.
   */
  async process(jobId: string): Promise<void> {
    const session = await poolOf(this.db).connect();
    let held = false;
    try {
      held = (await session.query<{ held: boolean }>(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS held`, [AdvisoryLockSpace.scheduleRun, jobId])).rows[0]?.held === true;
      if (held) await this.run(jobId);
    } finally {
      if (held) await session.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [AdvisoryLockSpace.scheduleRun, jobId]).catch(() => undefined);
      session.release();
    }
  }

  private async run(jobId: string): Promise<void> {
    const [[row]]: [{ owner_id: string; input: ScheduleJobInput }[], number] = await this.db.query(
      `UPDATE sys_job SET state = 'running', done = 0 WHERE id = $1 AND kind = $2 AND state IN ('queued', 'running') RETURNING owner_id, input`,
      [jobId, SCHEDULE_JOB],
    );
    if (!row) return;
    const { semesterId, timetableId, seconds, lang } = row.input;
    const push = (p: Omit<JobProgress, 'id' | 'kind'>) => this.realtime.emitUnsequenced(row.owner_id, JOB_PROGRESS, { id: jobId, kind: SCHEDULE_JOB, ...p } satisfies JobProgress);
    const abort = new AbortController();
    this.running.add(abort);
    try {
      const facts = await loadScheduleInput(this.db, semesterId, lang);
      const total = facts.problem.demands.reduce((n, d) => n + d.periods, 0);
      await this.db.query(`UPDATE sys_job SET total = $2 WHERE id = $1`, [jobId, total]);
      push({ state: 'running', done: 0, total, result: { phase: 'construct', score: null } });
      let last = 0;
      const result = await runScheduleInWorker(facts.problem, { seed: seedOf(jobId), timeLimitMs: seconds * 1000, signal: abort.signal }, (p) => {
        const now = Date.now();
        if (now - last < PUSH_EVERY_MS) return;
        last = now;
        push({ state: 'running', done: p.placed, total: p.total, result: { phase: p.phase, score: p.score } });
        void this.db.query(`UPDATE sys_job SET done = $2 WHERE id = $1 AND state = 'running'`, [jobId, p.placed]).catch(() => undefined);
      });
      const unplaced = unplacedLessons(facts.problem, result.unplaced);
      const outcome: ScheduleJobResult = { timetableId, placed: result.placements.length, total, score: result.score, unplaced, ms: result.ms };
      const written = await this.db.transaction(async (tx) => {
        // the job first: only a run that still holds it running writes (a job marked failed meanwhile stays so)
        const [ended] = (await tx.query(`UPDATE sys_job SET state = 'completed', done = $2, result = $3, finished_at = now() WHERE id = $1 AND state = 'running' RETURNING id`, [jobId, result.placements.length, JSON.stringify(outcome)])) as [{ id: string }[], number];
        if (ended.length === 0) return false;
        // the draft may have been published by hand meanwhile: then there is nothing to fill (404/422 fail the job)
        const draft = await this.versions.draft(tx, timetableId);
        await this.versions.replaceLessons(tx, draft.id, lessonsOf(facts, result.placements));
        await this.versions.setOutcome(tx, draft.id, result.score, result.unplaced.map((u) => unplacedRecord(facts.problem, u)));
        return true;
      });
      if (!written) return;
      logger.info({ jobId, timetableId, placed: outcome.placed, total, unplaced: unplaced.length, score: result.score.total, ms: result.ms }, 'timetable scheduled');
      push({ state: 'completed', done: outcome.placed, total, result: outcome });
    } catch (err) {
      if (abort.signal.aborted) return; // the instance is stopping: the job stays running and is taken up at the next start
      const message = err instanceof AppException ? translate(lang, err.messageKey, err.params) : translate(lang, 'timetable.errors.scheduleFailed');
      if (!(err instanceof AppException)) logger.error({ err: (err as Error).message, jobId }, 'timetable schedule job failed');
      await this.db.query(`UPDATE sys_job SET state = 'failed', result = $2, finished_at = now() WHERE id = $1 AND state = 'running'`, [jobId, JSON.stringify({ message })]);
      push({ state: 'failed', done: 0, total: 0, result: { message } });
    } finally {
      this.running.delete(abort);
    }
  }
}

/** A seed from the job's id: the same job searches the same way when resumed. */
function seedOf(jobId: string): number {
  return createHash('sha256').update(jobId).digest().readUInt32LE(0);
}
