import { Injectable } from '@nestjs/common';
import { SPIDER_JOB, type SpiderRunStarted } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { JobAdmission } from '../../../infrastructure/jobs/job-admission.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { SpiderAccess } from '../../domain/spider-access.js';
import { SpiderColumnsRepository } from '../../domain/spider-columns.repository.js';
import { SpiderErrors } from '../../spider-columns.errors.js';
import { SpiderJobsRunner } from '../../spider-jobs.runner.js';

/**
 * "Collect now": a run of the column as a job (admitted against the asker's jobs like any other, docs/adr/0029), its
 * run row written with it; the answer names both, and the job's progress is pushed to the asker.
 */
@Injectable()
export class RunColumn {
  constructor(
    private readonly db: DataSource,
    private readonly repo: SpiderColumnsRepository,
    private readonly admission: JobAdmission,
    private readonly runner: SpiderJobsRunner,
    private readonly access: SpiderAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<SpiderRunStarted> {
    await this.access.mayManage(me, client, 'spider.run', id);
    const started = await this.db.transaction(async (tx) => {
      if (!(await this.repo.get(tx, id))) throw SpiderErrors.notFound();
      const runId = await this.repo.startRun(tx, id, 'manual', me.userId, null);
      const jobId = await this.admission.admitIn(tx, { kind: SPIDER_JOB, ownerId: me.userId, total: 0, input: { columnId: id, runId } });
      await tx.query(`UPDATE spider_run SET job_id = $2 WHERE id = $1`, [runId, jobId]);
      return { jobId, runId };
    });
    await this.runner.enqueue(started.jobId);
    await this.access.record(me, client, 'spider.run', id, { runId: started.runId });
    return started;
  }
}
