import { Inject, Injectable } from '@nestjs/common';
import { formatEvalValue, isUuid, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import { FinalResultsRepository } from '../../../evaluations/final/domain/final-results.repository.js';
import { PublishedScoresRepository } from '../../domain/published-scores.repository.js';
import { GradesErrors } from '../../grades.errors.js';
import { reportTable, type SemesterReport } from './semester-report.js';
import { localName } from '../../../infrastructure/database/local-name.js';

export interface ReportSemester {
  id: string;
  name: string;
}

/** Today in the school's time zone, YYYY-MM-DD. */
export function schoolDay(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * A student's semester report (docs/product/grades.md#final-report, `GET /grades/report`): the school, the student, the semester asked (else
 * the current one) and the published batches' scores of that semester with their ranks, levels and each course's
 * weighted total. Only the student, a guardian, the class's head teacher and grade managers may read it; anyone else
 * is refused (403) and the refusal logged.
 */
@Injectable()
export class SemesterReportQuery {
  constructor(
    private readonly db: DataSource,
    private readonly published: PublishedScoresRepository,
    private readonly finals: FinalResultsRepository,
    private readonly oplog: OperationLogService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(studentId: unknown, semesterId: unknown, me: Principal, client: ClientInfo, lang: Language): Promise<SemesterReport> {
    if (typeof studentId !== 'string' || studentId === '') throw GradesErrors.studentRequired();
    if (!isUuid(studentId)) throw GradesErrors.studentNotFound();
    // whether the student exists is told only to those who may read them: anyone else reads the same refusal
    if (!(await this.published.mayRead(me, studentId))) {
      await this.oplog.append({ userId: me.userId, account: me.account, action: 'access.denied', target: `GET grades/report?studentId=${studentId}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'grades.errors.reportForbidden' } });
      throw GradesErrors.reportForbidden();
    }
    const semester = await this.semester(semesterId, lang);
    const report = await this.build(studentId, semester, lang);
    if (!report) throw GradesErrors.studentNotFound();
    return report;
  }

  /** The semester asked for (400 when it is no id, 404 when there is none such), or the current one. */
  async semester(semesterId: unknown, lang: Language): Promise<ReportSemester> {
    if (semesterId !== undefined && semesterId !== '' && (typeof semesterId !== 'string' || !isUuid(semesterId))) throw GradesErrors.semesterNotFound();
    const asked = typeof semesterId === 'string' && semesterId !== '' ? semesterId : null;
    const rows = await this.db.query<ReportSemester[]>(`SELECT id, ${localName('name', lang)} AS name FROM semester WHERE ${asked ? 'id = $1' : 'is_current'}`, asked ? [asked] : []);
    const found = rows[0];
    if (!found) throw asked ? GradesErrors.semesterNotFound() : GradesErrors.noCurrentSemester();
    return found;
  }

  /** The report of a student (null when there is no such student), access already checked. */
  async build(studentId: string, semester: ReportSemester, lang: Language): Promise<SemesterReport | null> {
    const [head] = await this.db.query<{ name: string; studentNo: string; className: string; school: string }[]>(
      `SELECT ${localName('s.name', lang)} AS name, s.student_no AS "studentNo", ${localName('c.name', lang)} AS "className",
              coalesce((SELECT ${localName('name', lang)} FROM org_department WHERE parent_id IS NULL ORDER BY sort, code LIMIT 1), '') AS school
         FROM student s JOIN admin_class c ON c.id = s.class_id
        WHERE s.id = $1`,
      [studentId],
    );
    if (!head) return null;
    const scores = await this.published.forStudent(studentId, lang, semester.id);
    const batchIds = [...new Set(scores.map((s) => s.batchId))];
    const weights = batchIds.length
      ? await this.db.query<{ batchId: string; weight: number }[]>(`SELECT b.id AS "batchId", n.weight FROM grade_batch b JOIN grade_exam_node n ON n.id = b.exam_node_id WHERE b.id = ANY($1::uuid[])`, [batchIds])
      : [];
    const { exams, courses } = reportTable(scores, new Map(weights.map((w) => [w.batchId, Number(w.weight)])));
    // the semester's published final-term evaluations (their flow passed the office): levels and the term comment
    const evaluations = (await this.finals.forStudent(studentId, ['published'], semester.id)).map((e) => ({
      roundName: e.roundName,
      contents: e.contents.map((c) => ({ theme: c.theme, content: c.content, value: formatEvalValue(c.value, e.precision), level: c.level })),
      comment: e.comment,
    }));
    return {
      lang,
      school: head.school,
      student: { id: studentId, name: head.name, studentNo: head.studentNo, className: head.className },
      semester,
      exams,
      courses,
      date: schoolDay(this.config.timeZone),
      evaluations,
    };
  }
}
