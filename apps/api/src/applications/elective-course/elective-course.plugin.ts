import { slotOf } from '@schoolflow/contracts';
import type { FlowDefinition } from '@schoolflow/workflows';
import { electiveCourseFlow } from '@schoolflow/workflows/elective-course/elective-course.flow.js';
import type { ElectiveCourseSubmitted } from '@schoolflow/workflows/elective-course/elective-course.machine.js';
import { electiveCourseFormSchema } from '@schoolflow/workflows/elective-course/elective-course.form.js';
import type { Prepared } from '../../infrastructure/database/prepared.js';
import type { Principal } from '../../infrastructure/http/request-context.js';
import { validate } from '../../infrastructure/http/validate.js';
import type { EffectOutcome } from '../../workflow/domain/effect-refusal.js';
import { type EffectInput, type FlowPlugin, type NotificationInput, passedBy, type PlannedMessage, type StartPlan } from '../../workflow/domain/flow-plugin.js';
import { reviewMessages } from '../shared/review-messages.js';
import { planElectiveCourseStart, readElectiveCourseStart } from './elective-course.start.js';

const definition = electiveCourseFlow as unknown as FlowDefinition;

/** The declaration as the start event kept it (elective-course.start.ts): the machine's start event's own fields. */
type DeclaredCourse = Pick<ElectiveCourseSubmitted, 'name' | 'description' | 'grades' | 'capacity' | 'minSize' | 'slots' | 'classroomId' | 'semesterId'>;

/**
 * The passed declaration as an offerable elective course, once per instance (`elective_course.instance_id` unique: a
 * replay writes nothing). Teaching classes name a catalogue course, so the course gets one of its own (code `XK` + the
 * instance's first hex digits, an expanded elective) — or the catalogue's course of that very name (names are unique
 * there). A room deleted meanwhile leaves the course without one.
 */
const PASSED_SQL = `WITH cat AS (
  INSERT INTO course (code, name, short_name, sort, type, category, national, description)
  SELECT 'XK' || upper(substr(replace($1::text, '-', ''), 1, 12)), $2, left($2, 10), 9000, 'elective', 'expanded', false, left($3, 300)
   WHERE NOT EXISTS (SELECT 1 FROM elective_course WHERE instance_id = $1::uuid)
  ON CONFLICT DO NOTHING
  RETURNING id),
picked AS (SELECT id FROM cat UNION ALL SELECT id FROM course WHERE name = $2 LIMIT 1)
INSERT INTO elective_course (instance_id, course_id, semester_id, name, description, grades, capacity, min_size, slots, classroom_id, teacher_id)
SELECT $1::uuid, picked.id, $4::uuid, $2, $3, $5::int[], $6, $7, $8::jsonb, (SELECT id FROM classroom WHERE id = $9::uuid), $10::uuid FROM picked
ON CONFLICT (instance_id) DO NOTHING`;

/** 选修课申报 on the engine (its start: elective-course.start.ts); when it passes, the course is offerable. */
export const createPlugin = (): FlowPlugin => ({
  definition,

  async buildStart(body: unknown, actor: Principal, db: Prepared): Promise<StartPlan> {
    const form = validate(electiveCourseFormSchema, body);
    return planElectiveCourseStart(form, await readElectiveCourseStart(db, form), actor);
  },

  messages: (input: NotificationInput): PlannedMessage[] => reviewMessages(definition, input),

  async effects({ instanceId, before, after }: EffectInput, db): Promise<EffectOutcome | undefined> {
    if (!passedBy(definition, { before, after })) return undefined;
    const ctx = after.context as { applicantId: string; form: DeclaredCourse };
    const f = ctx.form;
    await db.query(PASSED_SQL, [instanceId, f.name, f.description, f.semesterId, f.grades, f.capacity, f.minSize, JSON.stringify(f.slots.map(slotOf)), f.classroomId, ctx.applicantId]);
    return undefined;
  },

  /** The slots one may choose (every weekday × lesson period, "周一 第1节") and the rooms in use. */
  async options(field: string, _actor: Principal, db: Prepared) {
    if (field === 'classroomId') {
      return (await db.query(`SELECT c.id AS value, c.name || ' · ' || b.name AS label FROM classroom c JOIN building b ON b.id = c.building_id WHERE c.enabled ORDER BY b.name, c.sort, c.code`, [])) as { value: string; label: string }[];
    }
    if (field !== 'slots') return [];
    return (await db.query(
      `SELECT w || '-' || p.no AS value, (ARRAY['周一','周二','周三','周四','周五','周六','周日'])[w] || ' ' || p.name AS label
         FROM generate_series(1, 7) w, lesson_period p ORDER BY w, p.no`,
      [],
    )) as { value: string; label: string }[];
  },
});
