import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, SCHEDULE_JOB, type ScheduleInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { JobAdmission } from '../../infrastructure/jobs/job-admission.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { checkText } from '../domain/schedule-input.js';
import { semesterOf } from '../domain/timetable-semesters.js';
import { TimetableVersionsRepository } from '../domain/timetable-versions.repository.js';
import { TimetableErrors } from '../timetable.errors.js';
import { checked } from './schedule-check.query.js';
import { ScheduleRunner } from './schedule.runner.js';
import { AdvisoryLockSpace } from '../../infrastructure/database/advisory-locks.js';

/** How long the scheduler improves a complete timetable unless asked otherwise. */
export const DEFAULT_IMPROVE_SECONDS = 10;

/** A scheduling job's input (sys_job.input). */
export interface ScheduleJobInput {
  semesterId: string;
  timetableId: string;
  seconds: number;
  lang: Language;
}

/**
 * Starts the automatic scheduler for a semester (issue 9): refused before anything runs when the semester's weekly
 * periods cannot fit (422 naming each problem) or while another run for it is under way; else a draft timetable and
 * its job, made in one transaction under the semester's lock, and the job queued — its progress reaches the browser
 * as `job.progress`, its result is the draft filled, with its score and what it left out.
 */
@Injectable()
export class StartSchedule {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly runner: ScheduleRunner,
    private readonly audit: AdminAudit,
    private readonly admission: JobAdmission,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(body: ScheduleInput, me: Principal, client: ClientInfo, lang: Language): Promise<{ jobId: string; timetableId: string }> {
    const semester = await semesterOf(this.db, body.semesterId, lang);
    const started = await this.db.transaction(async (tx) => {
      // one start at a time per semester: the check of "one running" below cannot be passed by two at once
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [AdvisoryLockSpace.scheduleStart, semester.id]);
      const [running] = (await tx.query(`SELECT id FROM sys_job WHERE kind = $1 AND state IN ('queued', 'running') AND input->>'semesterId' = $2`, [SCHEDULE_JOB, semester.id])) as { id: string }[];
      if (running) throw TimetableErrors.scheduleRunning();
      const { check } = await checked(tx, semester.id, lang);
      if (!check.ok) {
        const problems = check.problems.map((p) => ({ ...p, text: checkText(p, lang) }));
        const text = problems.length > 0 ? problems.map((p) => p.text).join(translate(lang, 'timetable.check.separator')) : translate(lang, 'timetable.check.noPeriods');
        throw TimetableErrors.scheduleImpossible(text, problems);
      }
      // the owner's cap of jobs (429), its lock taken after the semester's
      const jobId = await this.admission.admitIn(tx, { kind: SCHEDULE_JOB, ownerId: me.userId, total: check.lessons, input: {} });
      const name = translate(lang, 'timetable.names.auto', { time: formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 16) });
      const timetableId = await this.versions.create(tx, { semesterId: semester.id, name, source: 'auto', createdBy: me.userId, jobId });
      const input: ScheduleJobInput = { semesterId: semester.id, timetableId, seconds: body.seconds ?? DEFAULT_IMPROVE_SECONDS, lang };
      await tx.query(`UPDATE sys_job SET input = $2 WHERE id = $1`, [jobId, JSON.stringify(input)]);
      return { jobId, timetableId, lessons: check.lessons };
    });
    await this.runner.enqueue(started.jobId);
    await this.audit.record(me, client, 'timetable-schedule.start', started.timetableId, { semesterId: semester.id, jobId: started.jobId, lessons: started.lessons });
    return { jobId: started.jobId, timetableId: started.timetableId };
  }
}
