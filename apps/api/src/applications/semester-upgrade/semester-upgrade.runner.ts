import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JOB_PROGRESS } from '@schoolflow/contracts';
import type { UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { poolOf } from '../../infrastructure/database/pool.js';
import { logger } from '../../infrastructure/logging/logger.js';
import { JobQueue } from '../../infrastructure/jobs/job-queue.js';
import { PeriodicSweep } from '../../infrastructure/jobs/periodic-sweep.js';
import { REDIS_COMMANDS, redisOutage } from '../../infrastructure/redis/redis-connections.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import { WorkflowCommands } from '../../workflow/domain/workflow-commands.service.js';
import { UPGRADE_CHANNEL, UPGRADE_JOB } from './semester-upgrade.plugin.js';
import { UpgradeSteps } from './upgrade-steps.js';
import { AdvisoryLockSpace } from '../../infrastructure/database/advisory-locks.js';

const QUEUE = 'schoolflow-semester-upgrade';
const FLOW = 'semester-upgrade';
/** Classes a round trip (each its own transaction): the bar moves every CHUNK classes. */
const CHUNK = 25;

/**
 * The semester upgrade's job (docs/adr/0025): class by class, each class's step marked done in the same statement as its
 * change (UpgradeSteps), so it can stop anywhere — a crash, SIGKILL, a deploy — and be taken up again by any instance,
 * handling every class exactly once. It runs on the background jobs' one runner (JobQueue: BullMQ with Redis,
 * in-process without or while Redis is away), the upgrade's id as the job's; the guarantees are the database's either
 * way: one runner at a time holds the upgrade's advisory lock (a killed process's connection drops and frees it), and
 * a step is done once (`done_at IS NULL` under its row lock).
 *
 * Taken up: when the second confirmation's effect announces it (NOTIFY, delivered on commit to every instance), at
 * start, when the database or Redis comes back, and at every sweep (TIMER_SWEEP_SECONDS) while one is running — so a
 * job lost with a killed process or an emptied Redis is found again. While Redis is configured but away the run
 * pauses between classes: its queue's lock and every administrator's pushes go through Redis.
 */
@Injectable()
export class SemesterUpgradeRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly jobs: JobQueue;
  private stopping = false;
  /** Every upgrade that is running (or finished its classes without its COMPLETE recorded), asked for again. */
  private readonly sweeps = new PeriodicSweep(
    () => this.jobs.resume(),
    (err) => logDatabaseError(err, 'semester upgrade sweep failed; retrying at the next sweep'),
  );
  /** Upgrades this process is running now (a sweep does not ask for them again). */
  private readonly running = new Set<string>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(
    private readonly db: DataSource,
    private readonly steps: UpgradeSteps,
    private readonly commands: WorkflowCommands,
    private readonly realtime: RealtimeGateway,
    private readonly notifications: DatabaseNotifications,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(REDIS_COMMANDS) private readonly redis: Redis | null,
  ) {
    this.jobs = new JobQueue(db, config, {
      queue: QUEUE,
      label: 'semester upgrade',
      // the upgrades still running (or whose COMPLETE is not recorded), but those this process runs now; none once stopping
      live: async () => (this.stopping ? [] : (await this.steps.unfinished()).filter((id) => !this.running.has(id))),
      process: (instanceId) => this.process(instanceId),
      // one attempt: a job given up (failed, stalled too often) is removed, and the next sweep asks for it again
      attempts: 1,
      givenUp: 'resumedLater',
      // a short lock: a job whose process was killed is seen stalled within seconds and taken up by another worker
      lock: { durationMs: 10_000, stalledCheckMs: 5_000 },
      // a run that went on while Redis was emptied has lost its job's lock: no outage (the run itself is the database's)
      lockLossIsNoOutage: true,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.start({ resume: false }); // the first sweep, below, takes up what is unfinished
    this.unsubscribe.push(await this.notifications.on(UPGRADE_CHANNEL, (instanceId) => void this.enqueue(instanceId)));
    this.unsubscribe.push(this.notifications.onReset(() => void this.sweeps.sweep()));
    this.unsubscribe.push(redisOutage.onRestore(() => void this.sweeps.sweep()));
    this.sweeps.start(this.config.timerSweepSeconds * 1000, { now: true });
  }

  async onApplicationShutdown(): Promise<void> {
    // a run stops between two classes; the next instance (or this one restarted) takes it up where it stopped
    this.stopping = true;
    await this.sweeps.stop();
    for (const u of this.unsubscribe) u();
    await this.jobs.stop();
  }

  private async enqueue(instanceId: string): Promise<void> {
    if (this.stopping || this.running.has(instanceId)) return;
    // the upgrade's id as the job's: asked for by every instance, queued once while it is waiting or active
    await this.jobs.enqueue(instanceId);
  }

  /**
   * Runs one upgrade to its end, or returns at once when another runner holds it or it is not running. Safe to call
   * any number of times, anywhere: what is done stays done.
   */
  async process(instanceId: string): Promise<void> {
    if (this.running.has(instanceId)) return;
    this.running.add(instanceId);
    // The run's own session: it holds the upgrade's advisory lock, and moves the classes with synchronous_commit off —
    // a step's commit does not wait for its WAL flush. A database crash can then lose the last steps' commits, each
    // whole (the step with its class): the run does them again, still once. The end and the engine's COMPLETE commit
    // synchronously, which flushes every step's WAL before them.
    const session = await poolOf(this.db).connect();
    let held = false;
    let broken: Error | undefined;
    try {
      const [row] = (await session.query<{ held: boolean }>(`SELECT pg_try_advisory_lock($1, hashtext($2)) AS held`, [AdvisoryLockSpace.semesterUpgradeRun, instanceId])).rows;
      held = row?.held === true;
      if (!held) return; // another instance runs it
      await session.query(`SET synchronous_commit = off`);
      await this.steps.prepare(session);
      await this.run(instanceId, session);
    } catch (err) {
      broken = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      this.running.delete(instanceId);
      if (held) {
        // a connection that failed is not given back to the pool (its lock goes with it)
        try {
          await this.steps.release(session).catch(() => undefined);
          await session.query(`RESET synchronous_commit`);
          await session.query(`SELECT pg_advisory_unlock($1, hashtext($2))`, [AdvisoryLockSpace.semesterUpgradeRun, instanceId]);
          broken = undefined;
        } catch (err) {
          broken ??= err as Error;
        }
      }
      session.release(broken);
    }
  }

  private async run(instanceId: string, session: pg.PoolClient): Promise<void> {
    const upgrade = await this.steps.upgrade(instanceId);
    if (!upgrade || upgrade.state === 'pending' || upgrade.state === 'withdrawn' || !upgrade.jobId) return;
    const jobId = upgrade.jobId;
    const admins = await this.steps.administrators();
    const push = (p: Omit<UpgradeProgress, 'flow' | 'id' | 'kind'>): void => {
      const payload: UpgradeProgress = { flow: FLOW, id: instanceId, kind: UPGRADE_JOB, ...p };
      for (const a of admins) this.realtime.emitUnsequenced(a, JOB_PROGRESS, payload);
    };
    if (upgrade.state === 'running') {
      const slow = this.config.upgradeClassDelayMs > 0;
      // the second session opens while the run's classes are fixed
      const [planned, opened] = await Promise.allSettled([this.steps.plan(instanceId, jobId, upgrade.newSchoolYear), slow ? null : this.openSession()]);
      const extra = opened.status === 'fulfilled' ? opened.value : null;
      if (planned.status === 'rejected' || opened.status === 'rejected') {
        await extra?.close();
        throw planned.status === 'rejected' ? planned.reason : (opened as PromiseRejectedResult).reason;
      }
      const total = planned.value;
      try {
        await this.moveAll(instanceId, jobId, total, session, extra?.client ?? null, push);
      } finally {
        await extra?.close();
      }
      if (this.stopping) return;
      await this.steps.finish(instanceId, jobId);
    }
    // The classes are moved and the semester is current: the instance says so, once (a resumed run finds it said).
    const result = await this.steps.result(instanceId);
    const completed = await this.commands.appendAsSystem(FLOW, instanceId, 'COMPLETE', { at: new Date().toISOString(), ...result });
    if (!completed) return; // said before (a run asked for again after it ended)
    push({ state: 'completed', done: result.classes, total: result.classes });
    logger.info({ instanceId, ...result, headTeachers: result.headTeachers.length }, 'semester upgrade completed');
  }

  /**
   * Moves every class not moved yet, a chunk a round trip, on the run's session and a second one side by side (each
   * class is one class's rows: they never wait for each other); one class at a time when a test slows the run down.
   * The history's BEGIN goes in meanwhile; both lanes end before their sessions go back.
   */
  private async moveAll(instanceId: string, jobId: string, total: number, session: pg.ClientBase, extra: pg.ClientBase | null, push: (p: Omit<UpgradeProgress, 'flow' | 'id' | 'kind'>) => void): Promise<void> {
    const slow = this.config.upgradeClassDelayMs > 0;
    const begun = this.commands.appendAsSystem(FLOW, instanceId, 'BEGIN', { at: new Date().toISOString(), total });
    begun.catch(() => undefined); // awaited below; a failure is thrown there
    let done = await this.steps.doneCount(instanceId);
    push({ state: 'running', done, total });
    const pending = await this.steps.pending(instanceId);
    const chunks: string[][] = [];
    for (let i = 0; i < pending.length; i += slow ? 1 : CHUNK) chunks.push(pending.slice(i, i + (slow ? 1 : CHUNK)));
    let next = 0;
    const lane = async (s: pg.ClientBase): Promise<void> => {
      for (let k = next++; k < chunks.length && !this.stopping; k = next++) {
        await this.whileRedisIsAway();
        if (slow) await sleep(this.config.upgradeClassDelayMs);
        if (this.stopping) return;
        const moved = await this.steps.moveClasses(s, instanceId, chunks[k] as string[], jobId);
        if (moved === null) continue; // another runner did them
        done = Math.max(done, moved);
        push({ state: 'running', done, total });
      }
    };
    const lanes = await Promise.allSettled([lane(session), ...(extra ? [lane(extra)] : [])]);
    const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
    if (failed) throw failed.reason;
    await begun;
  }

  /** A second session for the classes: as the run's own (synchronous_commit off, the statement prepared). */
  private async openSession(): Promise<{ client: pg.PoolClient; close: () => Promise<void> }> {
    const client = await poolOf(this.db).connect();
    try {
      await client.query(`SET synchronous_commit = off`);
      await this.steps.prepare(client);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    return {
      client,
      close: async () => {
        try {
          await this.steps.release(client);
          await client.query(`RESET synchronous_commit`);
          client.release();
        } catch (err) {
          client.release(err as Error);
        }
      },
    };
  }

  /**
   * Redis configured but away: wait for it (checked between classes; the run goes on where it paused). Away is what the
   * process has noticed and Redis does not answer now: the outage is told of errors, and not every client that
   * reconnects says so, so a ping decides.
   */
  private async whileRedisIsAway(): Promise<void> {
    if (!this.config.redisUrl) return;
    let logged = false;
    while (redisOutage.down && !this.stopping) {
      if (await this.redisAnswers()) {
        redisOutage.restored();
        break;
      }
      if (!logged) logger.warn('semester upgrade paused until Redis is back');
      logged = true;
      await sleep(500);
    }
  }

  private async redisAnswers(): Promise<boolean> {
    if (!this.redis) return false;
    try {
      // the app's fail-fast client (no offline queue, a 1 s timeout), as the health probe asks
      await this.redis.ping();
      return true;
    } catch {
      return false;
    }
  }
}
