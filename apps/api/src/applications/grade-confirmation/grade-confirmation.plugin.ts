import { MessageType, workflowDetailPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { gradeConfirmationFlow } from '@schoolflow/workflows/grade-confirmation/grade-confirmation.flow.js';
import type { GradeConfirmationContext } from '@schoolflow/workflows/grade-confirmation/grade-confirmation.machine.js';
import type { AnyMachineSnapshot } from 'xstate';
import type { FlowPlugin, NotificationInput, PlannedMessage } from '../../workflow/domain/flow-plugin.js';
import { WorkflowErrors } from '../../workflow/workflow.errors.js';

const definition = gradeConfirmationFlow as unknown as FlowDefinition;

/** Rows of a sheet with neither a score nor a mark: the students of the class on the sheet's day, against its scores. */
const MISSING_SQL = `SELECT count(*)::int AS missing
   FROM student s
   LEFT JOIN grade_score g ON g.batch_id = $1 AND g.course_id = $3 AND g.student_id = s.id
  WHERE s.class_id = $2 AND s.status = 'enrolled' AND g.score IS NULL AND g.mark IS NULL`;

/**
 * 成绩确认 on the engine. Its instances are opened by the grades module (`OpenBatch`, through `startAsSystem`), never by
 * a user; the scores live in `grade_score` and are written through the grades API while the sheet is editable. Here:
 * what SUBMIT needs from the database (how many rows are empty), and who is told of each step.
 */
export const createPlugin = (): FlowPlugin => ({
  definition,

  buildStart(): never {
    throw WorkflowErrors.startedByEngine();
  },

  subject(context: unknown): { zh: string; en: string } {
    const ctx = context as GradeConfirmationContext;
    return { zh: `${ctx.className.zh} ${ctx.courseName.zh}`, en: `${ctx.className.en} ${ctx.courseName.en}` };
  },

  async commandFacts(type: string, snapshot: AnyMachineSnapshot, db): Promise<Record<string, unknown>> {
    if (type !== 'SUBMIT') return {};
    const ctx = snapshot.context as GradeConfirmationContext;
    const [row] = (await db.query(MISSING_SQL, [ctx.batchId, ctx.classId, ctx.courseId])) as { missing: number }[];
    return { missing: row?.missing ?? 0 };
  },

  messages({ instanceId, event, before, after, actorName }: NotificationInput): PlannedMessage[] {
    const ctx = after.context as GradeConfirmationContext;
    const link = workflowDetailPage(definition.flow, instanceId);
    const params = { batch: ctx.batchName, className: ctx.className, course: ctx.courseName, actor: actorName, reason: String(event.data.comment ?? '') };
    const to = (ids: readonly string[], type: string, key: string): PlannedMessage[] =>
      [...new Set(ids)].filter((id) => id !== event.data.actorId).map((recipientId) => ({ recipientId, type, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params, link }));
    switch (event.type) {
      case 'OPEN':
        return to(ctx.route.teacher, MessageType.task, 'gradeSheetOpened');
      case 'SUBMIT':
        return to(definition.assignees(after as never), MessageType.task, 'gradeSheetTask');
      case 'APPROVE':
        return to(ctx.route.teacher, MessageType.result, 'gradeSheetPassed');
      case 'REJECT':
        return to(ctx.route.teacher, MessageType.result, 'gradeSheetRejected');
      case 'WITHDRAW':
        return to(definition.assignees(before as never), MessageType.system, 'gradeSheetWithdrawn');
      default:
        return [];
    }
  },
});
