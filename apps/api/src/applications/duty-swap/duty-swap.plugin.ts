import { DUTY_STAFF_ROLES, dutySwapFormSchema, type Language } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { dutySwapFlow } from '@schoolflow/workflows/duty-swap/duty-swap.flow.js';
import type { DutySwapContext, DutySwapSubmitted, SwappedDuty } from '@schoolflow/workflows/duty-swap/duty-swap.machine.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { type EffectOutcome, notApplied } from '../../workflow/domain/effect-refusal.js';
import type { EffectInput, FlowPlugin, NotificationInput, PlannedMessage, PluginDeps, StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMoved } from '../shared/effect-checks.js';
import { requestHold, settlementOf } from '../shared/hold-settlement.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planDutySwapStart, readDutySwapStart } from './duty-swap.start.js';

const definition = dutySwapFlow as unknown as FlowDefinition;

/** A swap's hold (`duty_swap`) as its events move it: the rule its effect writes, folded by the rebuild too. */
export const DUTY_SWAP_HOLD = requestHold(definition, ['duty_swap']);

type EffectDb = { query<R = unknown[]>(sql: string, params?: unknown[]): Promise<R> };

const dutyLine = (d: SwappedDuty | null | undefined, lang: 'zh' | 'en'): string => (d ? `${d.post[lang]} ${d.startsAt}–${d.endsAt.slice(11)}` : '');

/**
 * The duties a passed swap moves, re-checked on the rows locked (docs/adr/0027): each still held pending by this swap
 * and still with the teacher it was asked of, and nobody left with two duties at once. Then one UPDATE moves them (the
 * exclusion constraint is checked at its end) and the hold stands. Not applicable: the hold is let go (so the duties
 * may be swapped again) and the instance says why.
 */
async function applySwap(db: EffectDb, instanceId: string, form: Partial<DutySwapSubmitted>): Promise<EffectOutcome | undefined> {
  const held = await db.query<{ assignment_id: string; to_teacher_id: string; status: string; teacher_id: string }[]>(
    `SELECT s.assignment_id, s.to_teacher_id, s.status, a.teacher_id FROM duty_swap s JOIN duty_assignment a ON a.id = s.assignment_id WHERE s.instance_id = $1 ORDER BY a.id FOR UPDATE OF s, a`,
    [instanceId],
  );
  const from = new Map([[form.duty?.id, form.duty?.teacherId], [form.other?.id, form.other?.teacherId]]);
  const refuse = async (outcome: EffectOutcome): Promise<EffectOutcome> => {
    await db.query(`DELETE FROM duty_swap WHERE instance_id = $1`, [instanceId]);
    return outcome;
  };
  if (held.length === 0 || held.some((h) => h.status !== 'pending' || from.get(h.assignment_id) !== h.teacher_id)) return refuse(notApplied('workflow.effectRefusedHoldGone'));
  const [clash] = await db.query<{ name: string }[]>(
    `SELECT u.name FROM duty_swap s JOIN duty_assignment a ON a.id = s.assignment_id JOIN duty_assignment x ON x.teacher_id = s.to_teacher_id JOIN sys_user u ON u.id = s.to_teacher_id
      WHERE s.instance_id = $1 AND x.id NOT IN (SELECT assignment_id FROM duty_swap WHERE instance_id = $1)
        AND tstzrange(x.starts_at, x.ends_at, '[)') && tstzrange(a.starts_at, a.ends_at, '[)') LIMIT 1`,
    [instanceId],
  );
  if (clash) return refuse(notApplied('duty.errors.swapClash', { name: clash.name }));
  await db.query(`UPDATE duty_assignment a SET teacher_id = s.to_teacher_id, reminded_at = NULL FROM duty_swap s WHERE s.instance_id = $1 AND a.id = s.assignment_id`, [instanceId]);
  await db.query(`UPDATE duty_swap SET status = 'passed' WHERE instance_id = $1 AND status = 'pending'`, [instanceId]);
  return undefined;
}

/**
 * 调岗 on the engine (docs/adr/0064-duty-rosters.md#swaps; its start: duty-swap.start.ts): a teacher gives a duty of a
 * published roster to a colleague, optionally taking one of theirs; the colleague consents, the office approves. The
 * duties are held from the start (`duty_swap`); the roster changes only by the effect of the event that passes it.
 */
export const createPlugin = ({ config }: PluginDeps): FlowPlugin => ({
  definition,
  hold: DUTY_SWAP_HOLD,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(dutySwapFormSchema, body);
    const read = await readDutySwapStart(db, form, actor, config.timeZone);
    return planDutySwapStart(form, read, actor, { now: Date.now(), timeZone: config.timeZone });
  },

  subject: (context: unknown) => {
    const form = (context as DutySwapContext).form as Partial<DutySwapSubmitted>;
    return { zh: dutyLine(form.duty, 'zh'), en: dutyLine(form.duty, 'en') };
  },

  /** The kit's review messages; the colleague's is the request to consent, naming both duties. */
  messages(input: NotificationInput): PlannedMessage[] {
    const form = (input.after.context as DutySwapContext).form as Partial<DutySwapSubmitted>;
    const params = {
      duty: { zh: dutyLine(form.duty, 'zh'), en: dutyLine(form.duty, 'en') },
      back: form.other ? { zh: `，并换来您 ${dutyLine(form.other, 'zh')} 的值岗`, en: `, taking your duty ${dutyLine(form.other, 'en')} in exchange` } : '',
    };
    const asked = definition.stateOf(input.after as never) === 'teacherConsent' && definition.stateOf(input.before as never) !== 'teacherConsent';
    return reviewMessages(definition, input, { student: form.duty?.teacherName ?? '' }).map((m) =>
      asked && m.titleKey === 'messages.flowTask.title' ? { ...m, titleKey: 'messages.dutySwapConsent.title', contentKey: 'messages.dutySwapConsent.content', params: { ...m.params, ...params } } : m,
    );
  },

  async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    const review = reviewMoved(definition, before, after);
    if (review === null) return undefined;
    if (review === 'passed') return applySwap(db, instanceId, (after.context as DutySwapContext).form as Partial<DutySwapSubmitted>);
    if (settlementOf(review) === 'release') await db.query(`DELETE FROM duty_swap WHERE instance_id = $1`, [instanceId]);
    return undefined;
  },

  /** The form's choices: my duties to come, the staff, and the colleagues' duties to come (published rosters). */
  async options(field: string, actor: Principal, db: Prepared, lang: Language) {
    const name = lang === 'en' ? `coalesce(nullif(p.name_en, ''), p.name)` : 'p.name';
    const when = `to_char(a.starts_at AT TIME ZONE $2::text, 'YYYY-MM-DD HH24:MI')`;
    const upcoming = `FROM duty_assignment a JOIN duty_post p ON p.id = a.post_id JOIN duty_roster r ON r.id = a.roster_id AND r.status = 'published' JOIN sys_user u ON u.id = a.teacher_id WHERE a.starts_at > now()`;
    if (field === 'assignmentId') return (await db.query(`SELECT a.id AS value, ${when} || ' ' || ${name} AS label ${upcoming} AND a.teacher_id = $1 ORDER BY a.starts_at LIMIT 100`, [actor.userId, config.timeZone])) as { value: string; label: string }[];
    if (field === 'withAssignmentId') return (await db.query(`SELECT a.id AS value, u.name || ' · ' || ${when} || ' ' || ${name} AS label ${upcoming} AND a.teacher_id <> $1 ORDER BY a.starts_at LIMIT 300`, [actor.userId, config.timeZone])) as { value: string; label: string }[];
    if (field === 'withTeacherId')
      return (await db.query(
        `SELECT DISTINCT u.id AS value, u.name AS label, u.account FROM sys_user u JOIN sys_user_role ur ON ur.user_id = u.id JOIN sys_role r ON r.id = ur.role_id
          WHERE u.enabled AND u.id <> $1 AND r.code = ANY($2::text[]) ORDER BY u.account`,
        [actor.userId, [...DUTY_STAFF_ROLES]],
      )) as { value: string; label: string }[];
    return [];
  },
});
