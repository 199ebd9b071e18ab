import { parseSchoolMoment, type QuestionInput } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { storedQuestion } from '../domain/survey-rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's questionnaire: a public canteen survey of four kinds, one of them shown only to the unhappy. */
const CANTEEN: QuestionInput[] = [
  { type: 'single', title: '您对食堂饭菜的总体满意度如何？', required: true, options: [{ label: '非常满意' }, { label: '满意' }, { label: '一般' }, { label: '不满意' }] },
  { type: 'text', title: '请说说哪里不满意', showIf: { question: 0, options: [2, 3] } },
  { type: 'multiple', title: '您常在食堂吃哪几餐？', options: [{ label: '早餐' }, { label: '午餐' }, { label: '晚餐' }], min: 1, max: 3 },
  { type: 'rating', title: '请为食堂的卫生打分', required: true, min: 1, max: 5 },
  { type: 'date', title: '您最近一次在食堂就餐是哪天？' },
];

/**
 * 问卷管理's demo (docs/product/questionnaires.md#demo): one published public questionnaire by `admin`, open from the
 * day before the seed day for thirty days — dated from the day it is seeded, like the rest of the demo's calendar.
 */
export async function seedDemoSurveys(tx: EntityManager, at: { today: string; adminId: string; timeZone: string }): Promise<void> {
  const midnight = parseSchoolMoment(at.today, at.timeZone) ?? Date.now();
  const [row] = (await tx.query(
    `INSERT INTO survey (name, category, description, start_at, end_at, is_public, published, published_at, author_id)
     VALUES ('食堂满意度调查（示例）', '2', '了解大家对学校食堂的意见，匿名填写，约两分钟。', $1, $2, true, true, now(), $3) RETURNING id`,
    [new Date(midnight - DAY_MS), new Date(midnight + 30 * DAY_MS), at.adminId],
  )) as { id: string }[];
  await tx.query(
    `INSERT INTO survey_question (survey_id, position, type, title, required, options, min, max, rows, rows_source, show_if)
     SELECT $1, q.ordinality - 1, q.value->>'type', q.value->>'title', (q.value->>'required')::boolean, q.value->'options',
            (q.value->>'min')::int, (q.value->>'max')::int, q.value->'rows', q.value->>'rowsSource', NULLIF(q.value->'showIf', 'null'::jsonb)
     FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY q`,
    [(row as { id: string }).id, JSON.stringify(CANTEEN.map(storedQuestion))],
  );
}
