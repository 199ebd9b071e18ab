/**
 * npm run bench:evaluations
 *
 * Issue 28's measurements, on the built server over a fresh database (the demo school plus a bench round):
 *
 * A round of BENCH_CLASSES (60) classes × 50 students = 3,000 students, a template of 20 contents each evaluated by
 * 3 roles (self, head teacher, subject teacher), the round filled by SQL to 3,000 × 20 × 3 = 180,000 cells.
 *
 * 1. Saving: 8 head teachers at once each save their class's whole grid (50 × 20 = 1,000 cells, new values every
 *    time) BENCH_SAVES (15) times through `PUT …/sheets/{classId}?evaluator=head` — per PUT the latency (p50/p99/max).
 * 2. Results: `GET …/results` of the whole round through HTTP (weighted per content in SQL, rounded, levels,
 *    distributions; median of 5) against a plain `GROUP BY student, content` average of the same rows on the
 *    bench's own connection (median of 5); the ratio printed.
 *
 * Targets (issue 28): save p99 ≤ 300 ms at 8 evaluators at once; results ≤ 3 × the plain aggregate.
 */
import type { EvalRound, EvalTemplate } from '@schoolflow/contracts';
import { call, login } from '../test/support/api.js';
import { schoolDate } from '../test/support/workflow.js';
import { runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { describeContext } from './support/machine.js';
import { mapLimit, ms, ratio, summarise, table } from './support/stats.js';

const CLASSES = Number(process.env.BENCH_CLASSES ?? 60);
const PER_CLASS = 50;
const CONTENTS = 20;
const EVALUATORS = 8;
const SAVES = Number(process.env.BENCH_SAVES ?? 15);
const TARGET_P99_MS = 300;
const TARGET_RATIO = 3;

const out = (line = ''): void => void process.stdout.write(`${line}\n`);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
const bands = [
  { name: '优秀', score: null, min: 90, max: 100 },
  { name: '良好', score: null, min: 75, max: 89.99 },
  { name: '合格', score: null, min: 0, max: 74.99 },
];

runMain(() =>
  withBenchServer(async (server) => {
    for (const line of await describeContext(server.databaseUrl)) out(line);
    const db = await openDb(server.databaseUrl);
    const admin = await login('admin');
    const year = (await db.query<{ id: string; sem: string }>(`SELECT school_year_id AS id, id AS sem FROM semester WHERE is_current`)).rows[0]!;
    // the demo has fewer teachers than evaluators: staff without the teacher role get it (this run's database only)
    await db.query(
      `INSERT INTO sys_user_role (user_id, role_id)
       SELECT u.id, (SELECT id FROM sys_role WHERE code = 'teacher') FROM sys_user u
        WHERE u.user_type = '3' AND u.account <> 'admin' AND NOT EXISTS (SELECT 1 FROM sys_user_role ur JOIN sys_role r ON r.id = ur.role_id WHERE ur.user_id = u.id AND r.code = 'teacher')`,
    );
    const teachers = (await db.query<{ id: string; account: string }>(`SELECT u.id, u.account FROM sys_user u WHERE u.user_type = '3' AND u.account <> 'admin' ORDER BY u.account LIMIT $1`, [EVALUATORS])).rows;
    if (teachers.length < EVALUATORS) throw new Error('not enough demo teachers');

    // 60 classes of 50 students (grade 9: none of the demo's), the first 8 headed by the 8 evaluators
    const classIds = (
      await db.query<{ id: string }>(
        `INSERT INTO admin_class (grade, enrollment_year, code, name, short_name, head_teacher_id, sort)
         SELECT 9, 2026, '99' || lpad(i::text, 4, '0'), 'bench' || i, 'b' || i, CASE WHEN i <= $2 THEN ($3::uuid[])[i] END, 0 FROM generate_series(1, $1) i RETURNING id`,
        [CLASSES, EVALUATORS, teachers.map((t) => t.id)],
      )
    ).rows.map((r) => r.id);
    await db.query(
      `INSERT INTO student (student_no, name, gender, class_id, enrollment_year)
       SELECT '9' || lpad(c.n::text, 4, '0') || lpad(s::text, 3, '0'), '学生' || c.n || '-' || s, CASE WHEN s % 2 = 0 THEN 'M' ELSE 'F' END, c.id, 2026
         FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, n), generate_series(1, ${PER_CLASS}) s`,
      [classIds],
    );
    const themes = Array.from({ length: 4 }, (_, h) => ({
      name: `主题${h + 1}`,
      contents: Array.from({ length: CONTENTS / 4 }, (_, c) => ({ name: `内容${h + 1}-${c + 1}`, evaluators: [{ role: 'self', weight: 20 }, { role: 'head', weight: 40 }, { role: 'subject', weight: 40 }], levels: bands })),
    }));
    const tpl = await call<EvalTemplate>('/api/evaluations/templates', { token: admin, json: { schoolYearId: year.id, name: 'bench 综评', precision: 1, themes } });
    if (!tpl.body.data) throw new Error(`template: ${tpl.status} ${tpl.body.msg}`);
    const rnd = await call<EvalRound>('/api/evaluations/rounds', { token: admin, json: { templateId: tpl.body.data.id, semesterId: year.sem, name: 'bench round', classIds, start: `${schoolDate(-1)} 00:00`, end: `${schoolDate(10)} 18:00` } });
    if (!rnd.body.data) throw new Error(`round: ${rnd.status} ${rnd.body.msg}`);
    const roundId = rnd.body.data.id;
    const contentIds = tpl.body.data.themes.flatMap((h) => h.contents.map((c) => c.id));

    // 180,000 cells: every student × content × (self, head, subject)
    const f0 = performance.now();
    await db.query(
      `INSERT INTO eval_score (round_id, class_id, student_id, content_id, evaluator_id, role, score)
       SELECT $1, s.class_id, s.id, c, $3::uuid, r, 60 + floor(random() * 4000) / 100
         FROM student s JOIN eval_round_class rc ON rc.round_id = $1 AND rc.class_id = s.class_id, unnest($2::uuid[]) c, unnest(ARRAY['self', 'head', 'subject']) r`,
      [roundId, contentIds, teachers[0]!.id],
    );
    await db.query(`ANALYZE eval_score`);
    const cells = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM eval_score WHERE round_id = $1`, [roundId])).rows[0]!.n);
    out(`round: ${classIds.length} classes × ${PER_CLASS} students × ${contentIds.length} contents × 3 roles = ${cells} cells (filled by SQL in ${ms(performance.now() - f0)})`);

    // 1. eight head teachers save their class's whole grid at once, again and again
    const tokens = await Promise.all(teachers.map((t) => login(t.account)));
    const students = await Promise.all(classIds.slice(0, EVALUATORS).map(async (id) => (await db.query<{ id: string }>(`SELECT id FROM student WHERE class_id = $1 ORDER BY student_no`, [id])).rows.map((r) => r.id)));
    const latencies: number[] = [];
    let failures = 0;
    await mapLimit(EVALUATORS, EVALUATORS, async (e) => {
      for (let k = 0; k < SAVES; k++) {
        const grid = students[e]!.flatMap((s, i) => contentIds.map((c, j) => ({ studentId: s, contentId: c, score: 60 + ((i * 7 + j * 3 + k) % 40) + 0.5 })));
        const t0 = performance.now();
        const res = await call(`/api/evaluations/rounds/${roundId}/sheets/${classIds[e]}?evaluator=head`, { token: tokens[e], method: 'PUT', json: { cells: grid } });
        latencies.push(performance.now() - t0);
        if (res.status !== 200) {
          if (failures === 0) out(`first refused save: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
          failures++;
        }
      }
    });
    const save = summarise(latencies);

    // 2. the whole round's results through HTTP against a plain GROUP BY of the same rows
    const plain: number[] = [];
    const full: number[] = [];
    let rows = 0;
    for (let i = 0; i < 5; i++) {
      const p0 = performance.now();
      await db.query(`SELECT student_id, content_id, avg(score)::float8 AS v FROM eval_score WHERE round_id = $1 GROUP BY student_id, content_id`, [roundId]);
      plain.push(performance.now() - p0);
      const r0 = performance.now();
      const res = await call<{ rows: unknown[] }>(`/api/evaluations/rounds/${roundId}/results`, { token: admin });
      full.push(performance.now() - r0);
      rows = res.body.data?.rows.length ?? -1;
    }
    await db.end();
    const r = median(full) / median(plain);
    out();
    out(
      table(
        ['measure', 'count', 'p50', 'p99', 'max', 'target', 'verdict'],
        [
          [`save a 50 × 20 grid (${EVALUATORS} at once)`, String(save.count), ms(save.p50), ms(save.p99), ms(save.max), `p99 ≤ ${TARGET_P99_MS} ms`, save.p99 <= TARGET_P99_MS && failures === 0 ? 'PASS' : 'FAIL'],
        ],
      ),
    );
    out(`save failures: ${failures}`);
    out(`results of the whole round (${rows} students): median ${ms(median(full))} via HTTP; plain GROUP BY median ${ms(median(plain))}; ratio ${ratio(r)} (target ≤ ${TARGET_RATIO}×) ${r <= TARGET_RATIO ? 'PASS' : 'FAIL'}`);
  }),
);
