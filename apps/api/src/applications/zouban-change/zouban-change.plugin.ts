import type { FlowDefinition } from '@schoolflow/workflows';
import { zoubanChangeFlow } from '@schoolflow/workflows/zouban-change/zouban-change.flow.js';
import { zoubanChangeFormSchema } from '@schoolflow/workflows/zouban-change/zouban-change.form.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import { type EffectOutcome, notApplied } from '../../workflow/domain/effect-refusal.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type PluginDeps, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planZoubanChangeStart } from './zouban-change.start.js';

const definition = zoubanChangeFlow as unknown as FlowDefinition;

/**
 * The passed change, applied once (the effects' checkpoint): the added courses' teaching classes are chosen first —
 * for each, the least filled with a free place, locked — and only when every one has a place is anything written:
 * the choice replaced, the student taken out of the dropped courses' classes and into the added ones'. A course
 * full meanwhile refuses the effect with the spec's "class size full" (the history says so; nothing changed).
 */
const PLACES_SQL = `SELECT x AS course_id,
       (SELECT zc.teaching_class_id FROM zouban_class zc WHERE zc.window_id = $1 AND zc.course_id = x
           AND (SELECT count(*) FROM teaching_class_student ts WHERE ts.teaching_class_id = zc.teaching_class_id) < zc.capacity
         ORDER BY (SELECT count(*) FROM teaching_class_student ts WHERE ts.teaching_class_id = zc.teaching_class_id), zc.teaching_class_id LIMIT 1) AS class_id
  FROM unnest($2::uuid[]) x`;

interface ChangeForm {
  windowId: string;
  courseIds: string[];
}

/** 走班选科变更 on the engine (its start: zouban-change.start.ts). */
export const createPlugin = ({ directory }: PluginDeps): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    return planZoubanChangeStart({ db, directory }, validate(zoubanChangeFormSchema, body), actor);
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

  async effects({ before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    if (!passedBy(definition, { before, after })) return undefined;
    const ctx = after.context as { studentId: string; form: ChangeForm };
    const { windowId, courseIds } = ctx.form;
    // the window's teaching classes in a fixed order, locked: two passed changes at once take places one after the other
    const generated = await db.query<{ teaching_class_id: string }[]>(`SELECT teaching_class_id FROM zouban_class WHERE window_id = $1 ORDER BY teaching_class_id FOR UPDATE`, [windowId]);
    const [current] = await db.query<{ course_ids: string[] }[]>(`SELECT course_ids FROM zouban_choice WHERE window_id = $1 AND student_id = $2`, [windowId, ctx.studentId]);
    const was = current?.course_ids ?? [];
    const added = courseIds.filter((c) => !was.includes(c));
    let places: { course_id: string; class_id: string | null }[] = [];
    if (generated.length > 0 && added.length > 0) {
      places = await db.query<{ course_id: string; class_id: string | null }[]>(PLACES_SQL, [windowId, added]);
      if (places.some((p) => p.class_id === null)) return notApplied('class-walking.errors.classSizeFull');
    }
    await db.query(
      `INSERT INTO zouban_choice (window_id, student_id, course_ids) VALUES ($1, $2, $3::uuid[]) ON CONFLICT (window_id, student_id) DO UPDATE SET course_ids = EXCLUDED.course_ids, chosen_at = now()`,
      [windowId, ctx.studentId, courseIds],
    );
    if (generated.length > 0) {
      await db.query(
        `DELETE FROM teaching_class_student WHERE student_id = $2 AND teaching_class_id IN (SELECT teaching_class_id FROM zouban_class WHERE window_id = $1 AND course_id <> ALL($3::uuid[]))`,
        [windowId, ctx.studentId, courseIds],
      );
      for (const p of places) await db.query(`INSERT INTO teaching_class_student (teaching_class_id, student_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [p.class_id, ctx.studentId]);
    }
    return undefined;
  },

  /** The windows of the student's grade whose sign-up ended, and their courses. */
  async options(field: string, actor: Principal, db: Prepared) {
    const mine = `SELECT w.* FROM zouban_window w JOIN admin_class c ON c.grade = w.grade JOIN student st ON st.class_id = c.id WHERE st.user_id = $1 AND now() >= w.end_at`;
    if (field === 'windowId') return (await db.query(`SELECT id AS value, name AS label FROM (${mine}) w ORDER BY start_at DESC`, [actor.userId])) as { value: string; label: string }[];
    if (field !== 'courseIds') return [];
    return (await db.query(
      `SELECT DISTINCT co.id AS value, co.name AS label, co.sort FROM (${mine}) w, jsonb_array_elements(w.groups) g, jsonb_array_elements_text(g->'courseIds') cid JOIN course co ON co.id = cid::uuid ORDER BY co.sort, co.name`,
      [actor.userId],
    )) as { value: string; label: string }[];
  },
});
