import { Injectable } from '@nestjs/common';
import { isUuid, type StudentFinalEvaluation } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../../system/domain/operation-log.service.js';
import { FinalResultsRepository, VISIBLE_STATES } from '../../domain/final-results.repository.js';
import { FinalEvaluationErrors } from '../../final-evaluation.errors.js';

/**
 * A student's final-term evaluations as their family reads them (`GET /evaluations/final/students/{id}`): every round
 * whose class flow is on public notice, awaiting the office or published — the weighted value and level of each
 * content, the term comment, the student's objections and their answers. The student, a guardian and the class's head
 * teacher only; anyone else is refused (403) and the refusal logged.
 */
@Injectable()
export class StudentFinalQuery {
  constructor(
    private readonly results: FinalResultsRepository,
    private readonly oplog: OperationLogService,
  ) {}

  async execute(studentId: string, me: Principal, client: ClientInfo): Promise<StudentFinalEvaluation[]> {
    if (!isUuid(studentId)) throw FinalEvaluationErrors.studentInvalid();
    if (!(await this.results.isFamilyOrHeadTeacher(me.userId, studentId))) {
      await this.oplog.append({ userId: me.userId, account: me.account, action: 'access.denied', target: `GET evaluations/final/students/${studentId}`, result: 'denied', ip: client.ip, userAgent: client.userAgent, detail: { reason: 'evaluations.final.errors.notFamily' } });
      throw FinalEvaluationErrors.notFamily();
    }
    return this.results.forStudent(studentId, VISIBLE_STATES, null);
  }
}
