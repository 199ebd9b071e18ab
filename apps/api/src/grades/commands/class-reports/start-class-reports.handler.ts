import { Injectable } from '@nestjs/common';
import { isUuid, type Language } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { GradesErrors } from '../../grades.errors.js';
import { ReportClassesRepository } from '../../queries/report/report-classes.repository.js';
import { SemesterReportQuery } from '../../queries/report/semester-report.query.js';
import { ClassReportsRunner } from './class-reports.runner.js';

export interface StartClassReportsInput {
  classId?: string;
  semesterId?: string;
}

/**
 * A class's semester reports as one PDF (docs/product/grades.md#class-reports), made by a background job: only the class's head teacher or
 * a grade manager may ask (403, logged); the class must exist and have students, the semester (the current one unless
 * given) must exist — each refused at once, before any job. Answers the job and how many reports it will write.
 */
@Injectable()
export class StartClassReports {
  constructor(
    private readonly classes: ReportClassesRepository,
    private readonly reports: SemesterReportQuery,
    private readonly runner: ClassReportsRunner,
    private readonly oplog: OperationLogService,
  ) {}

  async execute(input: StartClassReportsInput, me: Principal, client: ClientInfo, lang: Language): Promise<{ jobId: string; total: number }> {
    const classId = input.classId ?? '';
    if (classId === '') throw GradesErrors.classRequired();
    if (!isUuid(classId) || !(await this.classes.exists(classId))) throw GradesErrors.classNotFound();
    if (!(await this.classes.mayReport(me, classId))) {
      await this.oplog.append({ userId: me.userId, account: me.account, action: 'access.denied', target: `POST grades/report/class-jobs ${classId}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'grades.errors.classReportsForbidden' } });
      throw GradesErrors.classReportsForbidden();
    }
    const semester = await this.reports.semester(input.semesterId, lang);
    const total = (await this.classes.students(classId, lang)).length;
    if (total === 0) throw GradesErrors.noStudentsInClass();
    const jobId = await this.runner.start(me.userId, { classId, semesterId: semester.id, lang }, total);
    await this.oplog.append({ userId: me.userId, account: me.account, action: 'gradeReport.classJob', target: classId, result: 'success', ip: client.ip, userAgent: client.userAgent, detail: { jobId, semesterId: semester.id, total } });
    return { jobId, total };
  }
}
