import { RoleCode } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { statusChangeFlow } from '@schoolflow/workflows/student-status-change/student-status-change.flow.js';
import { type StatusChangeKind, statusChangeFormSchema } from '@schoolflow/workflows/student-status-change/student-status-change.form.js';
import type { StatusChangeContext } from '@schoolflow/workflows/student-status-change/student-status-change.machine.js';
import { type StatusHistory, type StatusHistoryQuery, statusHistoryQuerySchema } from '@schoolflow/workflows/student-status-change/student-status-change.views.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { type EffectOutcome, notApplied } from '../../workflow/domain/effect-refusal.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMessages } from '../shared/review-messages.js';
import { ApplicationErrors } from '../applications.errors.js';
import { WorkflowErrors } from '../../workflow/workflow.errors.js';
import { planStatusChangeStart, readStatusChangeStart, STATUS_CHANGES } from './student-status-change.start.js';

const definition = statusChangeFlow as unknown as FlowDefinition;

// A student now, and each change of their status, newest first (with the classes' names as they are now).
const HISTORY_SQL = `SELECT json_build_object('id', s.id, 'name', s.name, 'studentNo', s.student_no, 'className', c.name, 'status', s.status) AS student,
       c.head_teacher_id AS "headTeacherId",
       coalesce((SELECT json_agg(json_build_object('instanceId', h.instance_id, 'kind', h.kind, 'effectiveDate', to_char(h.effective_date, 'YYYY-MM-DD'),
                                                   'fromStatus', h.from_status, 'toStatus', h.to_status, 'fromClass', fc.name, 'toClass', tc.name,
                                                   'changedAt', h.changed_at) ORDER BY h.changed_at DESC, h.position DESC)
                   FROM student_status_change h LEFT JOIN admin_class fc ON fc.id = h.from_class_id LEFT JOIN admin_class tc ON tc.id = h.to_class_id
                  WHERE h.student_id = s.id), '[]') AS changes
  FROM student s JOIN admin_class c ON c.id = s.class_id WHERE s.id = $1::uuid`;

/**
 * 学籍异动 on the engine: a head teacher for a student of their own class, the office for any; the student's status
 * must allow the change; the route head teacher → office → principal; when it passes, the student's status and
 * class change and the change is kept in the student's history.
 */
export const createPlugin = (): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(statusChangeFormSchema, body);
    return planStatusChangeStart(form, await readStatusChangeStart(db, form, actor), actor);
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

  /**
   * Passed: the status (and class) change, and the change joins the student's history — once. Only if it still can: the
   * start checked the student's status, but other changes of the same student may have passed since (a transfer out
   * before this suspension); the status is read again, locked, and a change it no longer allows — or a class to move
   * into that is gone — is not applied, and says why (docs/adr/0027).
   */
  async effects({ instanceId, event, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    if (!passedBy(definition, { before, after })) return undefined;
    const ctx = after.context as StatusChangeContext;
    const kind = ctx.form.kind as StatusChangeKind;
    const change = STATUS_CHANGES[kind];
    const toClass = typeof ctx.form.toClassId === 'string' ? ctx.form.toClassId : null;
    const [now] = await db.query<{ status: string; class_exists: boolean }[]>(
      `SELECT s.status, ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM admin_class c WHERE c.id = $2::uuid)) AS class_exists FROM student s WHERE s.id = $1 FOR UPDATE`,
      [ctx.studentId, toClass],
    );
    if (!now) return notApplied('workflow.effectRefusedStudentGone');
    if (now.status !== change.from) return notApplied('workflow.effectRefusedStatusMoved', { currentKey: `resource.enums.status.${now.status}`, fromKey: `resource.enums.status.${change.from}` });
    if (!now.class_exists) return notApplied('workflow.effectRefusedClassGone');
    await db.query(
      `WITH old AS (SELECT id, status, class_id FROM student WHERE id = $1 FOR UPDATE),
            changed AS (UPDATE student s SET status = $2, class_id = coalesce($3::uuid, s.class_id) FROM old WHERE s.id = old.id RETURNING s.id, s.class_id)
       INSERT INTO student_status_change (student_id, instance_id, kind, effective_date, from_status, to_status, from_class_id, to_class_id, position)
       SELECT old.id, $4, $5, $6::date, old.status, $2, old.class_id, changed.class_id, $7::bigint FROM old JOIN changed ON changed.id = old.id`,
      [ctx.studentId, change.to, toClass, instanceId, kind, String(ctx.form.effectiveDate), event.position],
    );
    return undefined;
  },

  views: {
    /** A student's status and its history, for the office or the student's head teacher. */
    history: {
      query: statusHistoryQuerySchema,
      async read(q: StatusHistoryQuery, actor: Principal, db: Prepared): Promise<StatusHistory> {
        const [row] = (await db.query(HISTORY_SQL, [q.studentId])) as (StatusHistory & { headTeacherId: string | null })[];
        if (!row) throw WorkflowErrors.notFound();
        if (!actor.roles.includes(RoleCode.office) && row.headTeacherId !== actor.userId) throw ApplicationErrors.notYourStudent();
        return { student: row.student, changes: row.changes.map((c) => ({ ...c, changedAt: new Date(c.changedAt).toISOString() })) };
      },
    },
  },

  /** Whom the actor may change (a head teacher: their class; the office: everyone), and the classes to move into. */
  async options(field: string, actor: Principal, db: Prepared) {
    if (field === 'toClassId') return (await db.query(`SELECT id AS value, name AS label FROM admin_class ORDER BY sort, name`, [])) as { value: string; label: string }[];
    if (field !== 'studentId') return [];
    const all = actor.roles.includes(RoleCode.office);
    return (await db.query(
      `SELECT s.id AS value, s.name || ' · ' || c.name || ' · ' || s.student_no AS label FROM student s JOIN admin_class c ON c.id = s.class_id
        WHERE $1 OR c.head_teacher_id = $2 ORDER BY c.sort, s.student_no LIMIT 2000`,
      [all, actor.userId],
    )) as { value: string; label: string }[];
  },
});
