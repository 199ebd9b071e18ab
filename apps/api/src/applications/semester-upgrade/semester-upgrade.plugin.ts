import { MessageType, workflowDetailPage } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { semesterUpgradeFlow } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.flow.js';
import { semesterUpgradeFormSchema } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.form.js';
import { isLater, type SemesterUpgradeContext, type UpgradeChosen } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.machine.js';
import { choicesQuerySchema, progressQuerySchema, type ProgressQuery, type UpgradeChoices, type UpgradeProgress } from '@schoolflow/workflows/semester-upgrade/semester-upgrade.views.js';
import type { AnyMachineSnapshot } from 'xstate';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { EffectInput, FlowPlugin, NotificationInput, PlannedMessage, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { roleHoldersSql } from '../shared/student-applicant.js';
import { planOf, readSchoolNow } from './upgrade-plan.js';
import { ApplicationErrors } from '../applications.errors.js';
import { WorkflowErrors } from '../../workflow/workflow.errors.js';

const definition = semesterUpgradeFlow as unknown as FlowDefinition;
const FLOW = definition.flow;
/** The channel a confirmed upgrade is announced on (its job is started from it: semester-upgrade.runner.ts). */
export const UPGRADE_CHANNEL = 'semester_upgrade';
/** The kind of an upgrade's job in sys_job. */
export const UPGRADE_JOB = 'semester-upgrade';
/** The constraint that lets one upgrade at a time be pending or running (migration 1732000025000). */
const ONE_AT_A_TIME = 'semester_upgrade_one_at_a_time';

const ADMINS_SQL = `SELECT ${roleHoldersSql(['admin'])}`;

// The upgrade that holds the lock, if any, with its instance's state and version.
const ACTIVE_SQL = `SELECT u.instance_id AS id, i.state, i.version FROM semester_upgrade u JOIN wf_instance i ON i.id = u.instance_id
  WHERE u.state IN ('pending', 'running') LIMIT 1`;

/**
 * A run's progress from its job's record (an upgrade not yet running has none: queued, nothing done), completed only
 * once its instance is: the job's record is finished in the step that makes the semester current, and the instance's
 * COMPLETE is appended just after it (the runner). A page that read "completed" in between read the history again
 * before it said so, and was not told again: the push of the completion comes after the event, and so does this answer.
 */
const PROGRESS_SQL = `
  SELECT CASE WHEN j.state = 'completed' AND i.state IS DISTINCT FROM 'completed' THEN 'running' ELSE j.state END AS state, j.done, j.total
    FROM semester_upgrade u LEFT JOIN sys_job j ON j.id = u.job_id LEFT JOIN wf_instance i ON i.id = u.instance_id
   WHERE u.instance_id = $1`;

/**
 * 学期升级 on the engine (docs/adr/0025). Here: the plan recorded with the choice (what will happen, read from the
 * database), the one-at-a-time lock written in the start's own statement, the current semester as each confirmation
 * comes (the machine refuses it when another upgrade changed it meanwhile), the job announced by the effect of the
 * second confirmation (once per event), and the message of its completion.
 */
export const createPlugin = (): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(semesterUpgradeFormSchema, body);
    const now = await readSchoolNow(db, form.semesterId);
    const to = now.semesters[0];
    if (!to) throw ApplicationErrors.upgradeSemesterUnknown();
    const [row] = (await db.query(ADMINS_SQL, [])) as { admin: string[] }[];
    // whoever may start it may confirm it too (the permission may be granted beyond the administrators' role)
    const admin = [...new Set([actor.userId, ...(row?.admin ?? [])])];
    const data: Omit<UpgradeChosen, 'type' | 'actorId'> = { ...planOf(now, to), route: { admin } };
    // a start the machine refuses (the spec's rules of an upgrade) is answered by the engine with the machine's reason
    return {
      data,
      studentId: null, // the subject is the school's semester
      owners: [actor.userId],
      reviewers: admin,
      attachments: [],
      // the lock, with the instance: two starts at once cannot both hold it
      also: (param, cte) => [
        `${cte('upgrade')} AS (
          INSERT INTO semester_upgrade (instance_id, from_semester_id, to_semester_id, new_school_year)
          SELECT id, ${param(data.from?.id ?? null, 'uuid')}, ${param(to.id, 'uuid')}, ${param(data.newSchoolYear, 'boolean')} FROM ${cte('inst')})`,
      ],
      refusals: { [ONE_AT_A_TIME]: 'workflow.upgradeInProgress' },
    };
  },

  /** The current semester as the confirmation comes: the machine's `stillCurrent` compares it with the plan's. */
  async commandFacts(type: string, _snapshot: AnyMachineSnapshot, db: Prepared): Promise<Record<string, unknown>> {
    if (type !== 'CONFIRM') return {};
    const [row] = (await db.query(`SELECT id FROM semester WHERE is_current`, [])) as { id: string }[];
    return { currentSemesterId: row?.id ?? null };
  },

  subject(context: unknown): { zh: string; en: string } {
    return (context as SemesterUpgradeContext).plan?.to.name ?? { zh: '', en: '' };
  },

  /** On completion administrators and head teachers are told what moved. */
  messages({ instanceId, event, after }: NotificationInput): PlannedMessage[] {
    if (event.type !== 'COMPLETE') return [];
    const ctx = after.context as SemesterUpgradeContext;
    const result = ctx.result;
    if (!ctx.plan || !result) return [];
    const key = ctx.plan.newSchoolYear ? 'semesterUpgradeCompleted' : 'semesterUpgradeCompletedSameYear';
    const params = { to: ctx.plan.to.name, promoted: result.promoted, graduated: result.graduated, graduatedClasses: result.graduatedClasses };
    const link = workflowDetailPage(FLOW, instanceId);
    return [...new Set([...ctx.route.admin, ...ctx.headTeachers])].map((recipientId) => ({ recipientId, type: MessageType.system, titleKey: `messages.${key}.title`, contentKey: `messages.${key}.content`, params, link }));
  },

  /**
   * The lock follows the instance: confirmed twice, the upgrade runs and its job is recorded and announced (the runner
   * takes it up on the announcement, or at its next sweep); withdrawn, the lock is released.
   */
  async effects({ instanceId, event, before, after }: EffectInput, db): Promise<void> {
    const from = definition.stateOf(before as never);
    const to = definition.stateOf(after as never);
    if (from === to) return;
    if (to === 'running') {
      const total = (after.context as SemesterUpgradeContext).plan?.classes ?? 0;
      const owner = String(event.data.actorId);
      await db.query(
        `WITH job AS (INSERT INTO sys_job (kind, owner_id, total, input) VALUES ($2, $3, $4, $5) RETURNING id)
         UPDATE semester_upgrade SET state = 'running', job_id = (SELECT id FROM job) WHERE instance_id = $1 AND state = 'pending'`,
        [instanceId, UPGRADE_JOB, owner, total, JSON.stringify({ instanceId })],
      );
      // delivered when this transaction commits, to every instance of the app
      await db.query(`SELECT pg_notify($1, $2)`, [UPGRADE_CHANNEL, instanceId]);
    } else if (to === 'withdrawn') {
      await db.query(`UPDATE semester_upgrade SET state = 'withdrawn', finished_at = now() WHERE instance_id = $1 AND state = 'pending'`, [instanceId]);
    }
  },

  views: {
    /** The current semester, each later one with what choosing it would do, and the upgrade holding the lock. */
    choices: {
      query: choicesQuerySchema,
      async read(_q: unknown, _actor: Principal, db: Prepared): Promise<UpgradeChoices> {
        const now = await readSchoolNow(db, null);
        const [active] = (await db.query(ACTIVE_SQL, [])) as UpgradeChoices['active'][];
        const choices = now.semesters.map((semester) => ({ semester, plan: planOf(now, semester) })).filter((c) => isLater(c.plan));
        return { current: now.current, choices, active: active ?? null };
      },
    },
    /** A running upgrade's progress from its job's record (the page's fallback to the pushes). */
    progress: {
      query: progressQuerySchema,
      async read(q: ProgressQuery, _actor: Principal, db: Prepared): Promise<UpgradeProgress> {
        const [row] = (await db.query(PROGRESS_SQL, [q.id])) as { state: UpgradeProgress['state'] | null; done: number | null; total: number | null }[];
        if (!row) throw WorkflowErrors.notFound();
        return { flow: 'semester-upgrade', id: q.id, kind: UPGRADE_JOB, state: row.state ?? 'queued', done: row.done ?? 0, total: row.total ?? 0 };
      },
    },
  },

});
