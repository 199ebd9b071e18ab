import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { isUuid } from '@schoolflow/contracts';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { OperationLogService } from '../../../system/domain/operation-log.service.js';
import type { StartPlan } from '../../../workflow/domain/flow-plugin.js';
import { keyedInstanceId } from '../../../workflow/domain/idempotency.js';
import { WorkflowCommands } from '../../../workflow/domain/workflow-commands.service.js';
import { planGradeConfirmationStart } from '../../../applications/grade-confirmation/grade-confirmation.start.js';
import { GradeSheetsRepository, type SheetToOpen } from '../../domain/grade-sheets.repository.js';
import { GradesErrors } from '../../grades.errors.js';

const FLOW = 'grade-confirmation';
/** Starts in flight at once: the group commit gathers them into few statements (docs/adr/0012). */
const CONCURRENT_STARTS = 32;

/** A sheet's instance id: the same (batch, class, course) always names the same instance, so opening twice opens once. */
export const sheetInstanceId = (batchId: string, classId: string, courseId: string): string => keyedInstanceId('system', FLOW, `${batchId}:${classId}:${courseId}`);

/**
 * Opening a batch (docs/product/grades.md#opening-a-batch): one grade-confirmation per (class, course), started by the engine as `system` and
 * assigned to the teacher who enters it; its sheet row is written in the start's own statement. Repeatable: a retry
 * after a crash or a second administrator at the same moment starts only what is missing, then the batch is marked.
 */
@Injectable()
export class OpenBatch {
  constructor(
    private readonly sheets: GradeSheetsRepository,
    private readonly commands: WorkflowCommands,
    private readonly oplog: OperationLogService,
  ) {}

  async execute(batchId: string, me: Principal, client: ClientInfo): Promise<{ sheets: number }> {
    const batch = isUuid(batchId) ? await this.sheets.batch(batchId) : null;
    if (!batch) throw GradesErrors.batchNotFound();
    if (!batch.enabled) throw GradesErrors.batchDisabled();
    if (batch.opened) throw GradesErrors.batchAlreadyOpened();
    const pairs = await this.sheets.sheetsToOpen(batchId);
    if (pairs.length === 0) throw GradesErrors.batchNoClasses();
    const untaught = pairs.filter((p) => !p.teacherId);
    if (untaught.length > 0) throw GradesErrors.noTeacher(untaught.map((p) => `${p.className} ${p.courseName}`).join('、'));
    const { holders, admins } = await this.sheets.reviewers();
    const requestId = randomUUID();
    for (let i = 0; i < pairs.length; i += CONCURRENT_STARTS) {
      await Promise.all(pairs.slice(i, i + CONCURRENT_STARTS).map((p) => this.commands.startAsSystem(FLOW, sheetInstanceId(batchId, p.classId, p.courseId), this.plan(batch, p, holders, admins), requestId)));
    }
    await this.sheets.markOpened(batchId);
    await this.oplog.append({ userId: me.userId, account: me.account, action: 'gradeBatch.open', target: batchId, result: 'success', ip: client.ip, userAgent: client.userAgent, detail: { sheets: pairs.length } });
    return { sheets: pairs.length };
  }

  /** The flow's start of one sheet (its planner), with the sheet's row written in the same statement. */
  private plan(batch: { id: string; name: string }, p: SheetToOpen, holders: string[], admins: string[]): StartPlan {
    const teacherId = p.teacherId as string;
    return {
      ...planGradeConfirmationStart({ ...p, batch, teacherId }, { holders, admins }),
      also: (param, cte) => [
        `${cte('sheet')} AS (
          INSERT INTO grade_sheet (batch_id, class_id, course_id, teacher_id, instance_id)
          SELECT ${param(batch.id, 'uuid')}, ${param(p.classId, 'uuid')}, ${param(p.courseId, 'uuid')}, ${param(teacherId, 'uuid')}, id FROM ${cte('inst')}
          ON CONFLICT DO NOTHING)`,
      ],
    };
  }
}
