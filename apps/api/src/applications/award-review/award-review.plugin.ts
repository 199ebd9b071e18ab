import type { FlowDefinition } from '@schoolflow/workflows';
import { awardReviewFlow } from '@schoolflow/workflows/award-review/award-review.flow.js';
import { awardReviewFormSchema } from '@schoolflow/workflows/award-review/award-review.form.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { EffectOutcome } from '../../workflow/domain/effect-refusal.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planAwardReviewStart, readAwardReviewStart } from './award-review.start.js';

const definition = awardReviewFlow as unknown as FlowDefinition;

/**
 * The passed report as an award of reward management (state `passed`), once per instance (`award_instance_id_key`:
 * a replay writes nothing). A contest deleted meanwhile leaves its name as the title; a student deleted meanwhile
 * has no award to keep (the award would go with them anyway). The first certificate is the award's image, linked to
 * the record so the upload sweep keeps it and the award's readers may open it.
 */
const PASSED_SQL = `WITH added AS (
  INSERT INTO award (recipient, student_id, teacher_id, kind, contest_id, title, level, prize, awarded_on, certificate_id, remark, state, instance_id)
  SELECT $2, $3::uuid, $4::uuid, $5, (SELECT id FROM award_contest WHERE id = $6::uuid), coalesce($7, $8, ''), $9, $10, $11::date, $12::uuid, coalesce($13, ''), 'passed', $1::uuid
   WHERE $3::uuid IS NULL OR EXISTS (SELECT 1 FROM student WHERE id = $3::uuid)
  ON CONFLICT (instance_id) DO NOTHING
  RETURNING id, certificate_id)
INSERT INTO sys_file_link (res_id, ref_type, ref_id) SELECT certificate_id, 'resource:awards', id FROM added WHERE certificate_id IS NOT NULL ON CONFLICT DO NOTHING`;

interface AwardForm {
  recipient: 'student' | 'teacher';
  kind: string;
  contestId: string | null;
  contestName: string | null;
  title: string | null;
  level: string;
  prize: string;
  awardedOn: string;
  certificates: string[];
  remark: string | null;
}

/** 奖项申报 on the engine (its start: award-review.start.ts); when it passes, the award counts in reward management. */
export const createPlugin = (): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(awardReviewFormSchema, body);
    return planAwardReviewStart(form, await readAwardReviewStart(db, form, actor), actor);
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

  async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    if (!passedBy(definition, { before, after })) return undefined;
    const ctx = after.context as { studentId: string | null; applicantId: string; form: AwardForm };
    const f = ctx.form;
    const teacherId = f.recipient === 'teacher' ? ctx.applicantId : null;
    await db.query(PASSED_SQL, [instanceId, f.recipient, ctx.studentId, teacherId, f.kind, f.contestId, f.title, f.contestName, f.level, f.prize, f.awardedOn, f.certificates[0] ?? null, f.remark]);
    return undefined;
  },

  /** The contests one may name: the contest setting, latest first. */
  async options(field: string, _actor: Principal, db: Prepared) {
    if (field !== 'contestId') return [];
    return (await db.query(`SELECT id AS value, name AS label FROM award_contest ORDER BY start_date DESC, name`, [])) as { value: string; label: string }[];
  },
});
