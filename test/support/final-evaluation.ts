import { withDb } from './api.js';

/**
 * A round of 高一(1)班 for the final-term evaluation's tests: a template of two themes (three contents, levels A/B/C,
 * the head teacher's weight 100), a round of the current semester reaching the class, and every enrolled student's
 * scores and term comment — all but `leaveOut` students' comments (a submission is refused until they are written).
 * Written as rows: the evaluation settings' and grids' own API is the evaluations module's (part 1/2), and this flow
 * needs only their rows.
 */
export interface FinalRound {
  roundId: string;
  roundName: string;
  classId: string;
  templateId: string;
  headTeacherId: string;
  /** The demo student (account `student`, 202511001) and another student of the class. */
  me: { id: string; name: string };
  other: { id: string; name: string };
  comment: string;
}

const q = <T>(text: string, args: unknown[] = []): Promise<T[]> => withDb(async (c) => (await c.query(text, args)).rows as T[]);

export async function makeFinalRound(tag: string, leaveOut = 0): Promise<FinalRound> {
  const [cls] = await q<{ class_id: string; head_teacher_id: string; me: string; name: string }>(
    `SELECT s.class_id, c.head_teacher_id, s.id AS me, s.name FROM student s JOIN admin_class c ON c.id = s.class_id JOIN sys_user u ON u.id = s.user_id WHERE u.account = 'student'`,
  );
  const [sem] = await q<{ id: string; school_year_id: string }>(`SELECT id, school_year_id FROM semester WHERE is_current`);
  const [t] = await q<{ id: string }>(`INSERT INTO eval_template (school_year_id, name, precision) VALUES ($1, $2, 1) RETURNING id`, [sem!.school_year_id, `综评${tag}`]);
  const themes = [
    { name: '思想品德', contents: ['品德表现', '集体意识'] },
    { name: '艺术素养', contents: ['艺术活动'] },
  ];
  for (const [ti, th] of themes.entries()) {
    const [theme] = await q<{ id: string }>(`INSERT INTO eval_theme (template_id, position, name) VALUES ($1, $2, $3) RETURNING id`, [t!.id, ti, th.name]);
    for (const [ci, name] of th.contents.entries()) {
      const [content] = await q<{ id: string }>(`INSERT INTO eval_content (template_id, theme_id, position, name, max_score) VALUES ($1, $2, $3, $4, 100) RETURNING id`, [t!.id, theme!.id, ci, name]);
      await q(`INSERT INTO eval_level (content_id, position, name, band_min, band_max) VALUES ($1, 0, '优秀', 85, 100), ($1, 1, '良好', 70, 84.99), ($1, 2, '合格', 0, 69.99)`, [content!.id]);
      await q(`INSERT INTO eval_content_evaluator (content_id, role, weight) VALUES ($1, 'head', 100)`, [content!.id]);
    }
  }
  const roundName = `期末评价${tag}`;
  const [round] = await q<{ id: string }>(
    `INSERT INTO eval_round (template_id, semester_id, name, start_at, end_at) VALUES ($1, $2, $3, now() - interval '1 day', now() + interval '7 days') RETURNING id`,
    [t!.id, sem!.id, roundName],
  );
  await q(`INSERT INTO eval_round_class (round_id, class_id) VALUES ($1, $2)`, [round!.id, cls!.class_id]);
  // scores: the demo student 92 (优秀) in every content; the others by their place in the class
  await q(
    `INSERT INTO eval_score (round_id, class_id, student_id, content_id, evaluator_id, role, score)
     SELECT $1, s.class_id, s.id, c.id, $3, 'head', CASE WHEN s.id = $4 THEN 92 ELSE 60 + (row_number() OVER (PARTITION BY c.id ORDER BY s.student_no)) % 40 END
       FROM student s CROSS JOIN eval_content c WHERE s.class_id = $2 AND s.status = 'enrolled' AND c.template_id = $5`,
    [round!.id, cls!.class_id, cls!.head_teacher_id, cls!.me, t!.id],
  );
  const comment = `该生${tag}学习认真，积极参加艺术节活动，期末表现优秀。`;
  await q(
    `INSERT INTO eval_comment (round_id, class_id, student_id, evaluator_id, role, text)
     SELECT $1, s.class_id, s.id, $3, 'head', CASE WHEN s.id = $4 THEN $5 ELSE '表现良好。' END
       FROM student s WHERE s.class_id = $2 AND s.status = 'enrolled'
      ORDER BY s.id = $4 DESC, s.student_no OFFSET 0 LIMIT (SELECT count(*) - $6 FROM student WHERE class_id = $2 AND status = 'enrolled')`,
    [round!.id, cls!.class_id, cls!.head_teacher_id, cls!.me, comment, leaveOut],
  );
  const [other] = await q<{ id: string; name: string }>(`SELECT id, name FROM student WHERE class_id = $1 AND id <> $2 AND status = 'enrolled' ORDER BY student_no LIMIT 1`, [cls!.class_id, cls!.me]);
  return { roundId: round!.id, roundName, classId: cls!.class_id, templateId: t!.id, headTeacherId: cls!.head_teacher_id, me: { id: cls!.me, name: cls!.name }, other: other!, comment };
}

/** Writes the term comments still missing (the head teacher finishes the class). */
export async function completeComments(r: FinalRound): Promise<void> {
  await q(
    `INSERT INTO eval_comment (round_id, class_id, student_id, evaluator_id, role, text)
     SELECT $1, s.class_id, s.id, $3, 'head', '补写的评语。' FROM student s WHERE s.class_id = $2 AND s.status = 'enrolled'
     ON CONFLICT DO NOTHING`,
    [r.roundId, r.classId, r.headTeacherId],
  );
}
