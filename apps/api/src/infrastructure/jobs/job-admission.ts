import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { LIVE_JOB } from './job-queue.js';
import { InfrastructureErrors } from '../infrastructure.errors.js';
import { AdvisoryLockSpace } from '../database/advisory-locks.js';

/**
 * The advisory-lock space of job admission (advisory-locks.ts; numbered after its ADR, 0029),
 * the second key the owner's id hashed: two admissions for one owner take turns, two owners never wait for each other.
 */
export const JOB_ADMISSION_LOCK = AdvisoryLockSpace.jobAdmission;

/** A background job to record (a `sys_job` row): what runs it reads `kind` and `input`. */
export interface NewJob {
  kind: string;
  ownerId: string;
  total: number;
  input: unknown;
}

/** Whether an owner with `live` jobs queued or running may queue one more under `cap`. */
export function mayQueue(live: number, cap: number): boolean {
  return live < cap;
}

/**
 * Every background job a request starts — imports, class reports, scheduling, and any a later feature adds — is
 * recorded here and nowhere else (docs/adr/0029): the owner's jobs queued or running (those the runners still take
 * up, LIVE_JOB) are counted and the new one inserted under the owner's lock, in one transaction, so a burst of
 * requests cannot all see room for one more. Over JOBS_PER_USER the request is refused (429) with a message naming
 * the cap, and nothing is written. (The semester upgrade's job is recorded by its flow's effect, after the command
 * was committed, where there is no request to refuse; the flow admits one upgrade at a time for the whole school, and
 * its job counts here against its owner like any other.)
 */
@Injectable()
export class JobAdmission {
  constructor(
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  get cap(): number {
    return this.config.jobsPerUser;
  }

  /** Admits and records a job in a transaction of its own; answers its id. */
  admit(job: NewJob): Promise<string> {
    return this.db.transaction((tx) => this.admitIn(tx, job));
  }

  /**
   * The same in the caller's transaction (what else it writes commits with the job, or not at all). The owner's lock
   * is held until that transaction ends: take it last, after any lock of the caller's own.
   */
  async admitIn(tx: Pick<EntityManager, 'query'>, job: NewJob): Promise<string> {
    await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [JOB_ADMISSION_LOCK, job.ownerId]);
    // a statement of its own after the lock: READ COMMITTED takes its snapshot then, so it sees a job admitted just before
    const [row] = (await tx.query(`SELECT count(*)::int AS live FROM sys_job WHERE owner_id = $1 AND ${LIVE_JOB}`, [job.ownerId])) as { live: number }[];
    const live = row?.live ?? 0;
    if (!mayQueue(live, this.cap)) throw InfrastructureErrors.jobsBusy(live, this.cap);
    const [inserted] = (await tx.query(`INSERT INTO sys_job (kind, owner_id, total, input) VALUES ($1, $2, $3, $4) RETURNING id`, [job.kind, job.ownerId, job.total, JSON.stringify(job.input)])) as { id: string }[];
    return (inserted as { id: string }).id;
  }
}
