/**
 * npm run bench:grades
 *
 * Issue 10's two measurements, on the built server over a fresh database with the demo school, plus a generated grade
 * of BENCH_STUDENTS (5,000) students in classes of 50 (100 classes), 10 courses, one teacher per (class, course)
 * (100 teachers), and three courses taught in teaching classes (100 each). Base data goes in with SQL in bulk; the
 * batch is made, given score items and opened through the API (1,000 grade-confirmations), and every sheet is written
 * through the API by its own teacher (1,000 saves of 50 rows).
 *
 * (a) Saving a full class sheet (50 rows, `PUT …/sheets/{class}/{course}`): BENCH_TEACHERS (8) teachers at once, each
 *     its own sheet, BENCH_SAVE_ROUNDS (50) times; beside, the same rows upserted by the statement the save ends with,
 *     from as many connections at once.
 * (b) Every analysis kind over the whole batch (50,000 scores), BENCH_ANALYSIS_REPEATS (30) times one after another and
 *     then from 4 clients; beside, a plain `GROUP BY` aggregate of the same rows run directly in SQL, the same way; and
 *     each kind's own statement run directly (no HTTP), which splits a kind's time into its SQL and the rest.
 *
 * Prints p50/p99 and each ratio to its baseline (target ≤ 3× for the analysis).
 */
import http from 'node:http';
import { gradesPath, type AnalysisKind, type Language } from '@schoolflow/contracts';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { AnalysisRepository } from '../apps/api/src/grades/queries/analysis/analysis.repository.js';
import { GradeSheetsRepository } from '../apps/api/src/grades/domain/grade-sheets.repository.js';
import { loadConfig } from '../apps/api/src/config/app-config.js';
import { PasswordHasher } from '../apps/api/src/identity/domain/password-hasher.js';
import { DEMO_PASSWORD, login } from '../test/support/api.js';
import { runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { describeContext, formatCpu, sampleCpu } from './support/machine.js';
import { mapLimit, ms, ratio, summarise, table } from './support/stats.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const CLASS_SIZE = 50;
const TEACHERS = Number(process.env.BENCH_TEACHERS ?? 8);
const SAVE_ROUNDS = Number(process.env.BENCH_SAVE_ROUNDS ?? 50);
const REPEATS = Number(process.env.BENCH_ANALYSIS_REPEATS ?? 30);
const ANALYSIS_CLIENTS = 4;
/** A grade the demo school has no class in. */
const GRADE = '9';
const CLASSES = Math.ceil(STUDENTS / CLASS_SIZE);
/** Teachers per course: each teaches one course in 10 classes. */
const GROUPS = Math.ceil(CLASSES / 10);
/** The courses taught in teaching classes (分层/走班): by code. */
const LAYERED = ['PHY', 'CHEM', 'BIO'];
/** Full marks and weights of the 10 demo courses, in their order (weights total 100). */
const FULL = [150, 150, 150, 100, 100, 100, 100, 100, 100, 100];
const WEIGHTS = [15, 15, 15, 10, 10, 10, 7, 6, 7, 5];
const ITEMS = [20, 20, 20, 20, 20];

const out = (line = ''): void => void process.stdout.write(`${line}\n`);

/** What each kind does beyond the baseline's GROUP BY, printed under the figures (the target: ≤ 3×, or why not). */
const NOTES = `What the analysis does beyond the plain GROUP BY (count, avg, min, max, stddev per class and course):
- admin-class: the same pass over the scores with 14 aggregates a group instead of 6 (pass and excellence counts against each
  course's least passing score, five band counts, Σx² for the deviation), the grade's rows from the classes' sums, every
  sheet's class with its teacher and names joined, ~1,000 rows of JSON.
- teaching-class: the scores joined to 15,000 teaching-class memberships and aggregated per teaching class, plus the grade's
  pass over the 50,000 scores: two aggregations instead of one.
- ranking: a pivot, not a summary: one row per student (5,000) with each course's score in the batch's order, the weighted
  total, two window rankings (class, grade), names joined; 5,000 rows of JSON (~1.4 MB) built and sent. It is the one kind
  whose answer grows with the students, not the classes.
- subject and question-rate read one course (5,000 scores; question-rate also each row's item values from jsonb).
- "its statement alone" is the kind's SQL run directly: the rest of a request's time is the session check, the batch's
  head (courses, lines, classes), JSON and HTTP.`;

/** A deterministic score in 0..full (halves), by student, course and round: a skill per student plus noise. */
function scoreOf(student: number, course: number, full: number, round = 0): number {
  const h = (n: number) => ((Math.imul(n ^ 0x9e3779b9, 2654435761) >>> 0) % 10_000) / 10_000;
  const skill = 0.45 + 0.5 * h(student * 31 + 7);
  const noise = (h(student * 977 + course * 131 + round * 7919) - 0.5) * 0.3;
  return Math.round(Math.max(0, Math.min(1, skill + noise)) * full * 2) / 2;
}
/** The items of a score item paper that sum to about the same share. */
const itemsOf = (student: number, course: number, round = 0): number[] => ITEMS.map((full, i) => scoreOf(student * 5 + i, course, full, round));

interface Sheet {
  classId: string;
  courseId: string;
  courseIndex: number;
  account: string;
  students: { id: string; n: number }[];
}

/** Inserts the generated grade: teachers (with the demo password), classes, students, teaching assignments and classes. */
async function generateSchool(db: pg.Client): Promise<{ courses: { id: string; code: string }[]; semesterId: string }> {
  const courses = (await db.query<{ id: string; code: string }>(`SELECT id, code FROM course ORDER BY sort, code LIMIT 10`)).rows;
  const semesterId = (await db.query<{ id: string }>(`SELECT id FROM semester WHERE is_current`)).rows[0]?.id as string;
  const started = performance.now();
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO sys_user (account, name, user_type)
     SELECT 'gt' || c || '_' || g, '教师' || c || '-' || g, '3' FROM generate_series(0, 9) c, generate_series(0, $1::int - 1) g`,
    [GROUPS],
  );
  // the demo password, hashed as a sign-in checks it (argon2id of the account's digest: one per account)
  const prefix = loadConfig().pwdHashPrefix;
  const accounts = (await db.query<{ account: string }>(`SELECT account FROM sys_user WHERE account LIKE 'gt%\\_%'`)).rows.map((r) => r.account);
  const hashes = await mapLimit(accounts.length, 2, async (i) => ({ account: accounts[i], hash: await PasswordHasher.hashDigest(await PasswordHasher.digest(prefix, accounts[i] as string, DEMO_PASSWORD)) }));
  await db.query(`UPDATE sys_user u SET password_hash = h.hash FROM jsonb_to_recordset($1::jsonb) AS h(account text, hash text) WHERE u.account = h.account`, [JSON.stringify(hashes)]);
  await db.query(`INSERT INTO sys_user_role (user_id, role_id) SELECT u.id, r.id FROM sys_user u, sys_role r WHERE u.account LIKE 'gt%\\_%' AND r.code = 'teacher'`);
  await db.query(
    `INSERT INTO admin_class (grade, enrollment_year, code, name, name_en, short_name, head_teacher_id, sort)
     SELECT $1::int, 2024, '9' || lpad(i::text, 5, '0'), '初三(' || (i + 1) || ')班', 'Grade 9 Class ' || (i + 1), '初三' || (i + 1) || '班',
            (SELECT id FROM sys_user WHERE account = 'gt0_' || (i / 10)), i % 100
       FROM generate_series(0, $2::int - 1) i`,
    [GRADE, CLASSES],
  );
  await db.query(
    `INSERT INTO student (student_no, name, gender, class_id, enrollment_year)
     SELECT 'B' || lpad(i::text, 6, '0'), '学生' || i, CASE WHEN i % 2 = 0 THEN 'M' ELSE 'F' END,
            (SELECT id FROM admin_class WHERE code = '9' || lpad((i / $2::int)::text, 5, '0')), 2024
       FROM generate_series(0, $1::int - 1) i`,
    [STUDENTS, CLASS_SIZE],
  );
  // Every (class, course) has its teacher: course c in classes 10g..10g+9 is gt{c}_{g}'s.
  await db.query(
    `INSERT INTO teaching_assignment (teacher_id, class_id, course_id, semester_id)
     SELECT u.id, k.id, co.id, $1
       FROM admin_class k JOIN LATERAL (SELECT ((k.code::int - 900000) / 10) AS g) x ON true
       JOIN (SELECT id, (row_number() OVER (ORDER BY sort, code) - 1) AS c FROM course) co ON co.c < 10
       JOIN sys_user u ON u.account = 'gt' || co.c || '_' || x.g
      WHERE k.grade = $2::int`,
    [semesterId, GRADE],
  );
  // Teaching classes of the layered courses: each student in one per course, classes mixed (not the class's rows).
  for (const [offset, code] of LAYERED.entries()) {
    await db.query(
      `INSERT INTO teaching_class (name, course_id, semester_id, teacher_id, layer)
       SELECT $1 || '教学班' || (j + 1), (SELECT id FROM course WHERE code = $1), $2, (SELECT id FROM sys_user WHERE account = 'gt3_' || (j % $4::int)), chr(65 + j % 3)
         FROM generate_series(0, $3::int - 1) j`,
      [code, semesterId, CLASSES, GROUPS],
    );
    await db.query(
      `INSERT INTO teaching_class_student (teaching_class_id, student_id)
       SELECT t.id, s.id FROM student s
         JOIN teaching_class t ON t.semester_id = $2 AND t.name = $1 || '教学班' || (((substr(s.student_no, 2)::int * 7 + $3::int) % $4::int) + 1)
        WHERE s.student_no LIKE 'B%'`,
      [code, semesterId, offset, CLASSES],
    );
  }
  await db.query('COMMIT');
  await db.query(`VACUUM ANALYZE sys_user, sys_user_role, admin_class, student, teaching_assignment, teaching_class, teaching_class_student`);
  out(`generated ${STUDENTS} students in ${CLASSES} classes of grade ${GRADE}, ${10 * GROUPS} teachers, ${LAYERED.length * CLASSES} teaching classes, in ${ms(performance.now() - started)}`);
  return { courses, semesterId };
}

async function api<T>(base: string, token: string, path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST'): Promise<T> {
  const res = await fetch(`${base}/server${path}`, { method, headers: { 'X-Access-Token': token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const env = (await res.json()) as { result: boolean; msg: string; data: T };
  if (!env.result) throw new Error(`${method} ${path}: ${res.status} ${env.msg}`);
  return env.data;
}

/** One keep-alive GET (its own agent: a client of its own); resolves with the answer's size in bytes. */
function get(agent: http.Agent, url: URL, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers: { 'X-Access-Token': token } }, (res) => {
        let size = 0;
        res.on('data', (c: Buffer) => (size += c.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(size) : reject(new Error(`${url.pathname} answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

function put(agent: http.Agent, url: URL, token: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ method: 'PUT', host: url.hostname, port: url.port, path: url.pathname, agent, headers: { 'X-Access-Token': token, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`save answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** `runs` timed calls from each of `clients` loops at once; every latency. */
async function timed(clients: number, runs: number, fn: (client: number, n: number) => Promise<unknown>): Promise<number[]> {
  const all: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = 0; n < runs; n++) {
        const t = performance.now();
        await fn(c, n);
        all.push(performance.now() - t);
      }
    }),
  );
  return all;
}

/** A pg client as the repositories' `DataSource` (they only call `query`). */
const asDataSource = (c: pg.Client): DataSource => ({ query: async (sql: string, params?: unknown[]) => (await c.query(sql, params)).rows }) as unknown as DataSource;

runMain(async () => {
  await withBenchServer(async (server) => {
    for (const line of await describeContext(server.databaseUrl)) out(line);
    const db = await openDb(server.databaseUrl);
    const { courses, semesterId } = await generateSchool(db);
    const admin = await login('admin');

    // The batch, through the API: a scale, an exam node, 10 courses with weights, score items on one course.
    const scale = await api<{ id: string }>(server.url, admin, '/api/grades/scales', { name: '测评百分制', fullScore: 100, passLine: 60, excellentLine: 85, ranks: [] });
    const node = await api<{ id: string }>(server.url, admin, '/api/grades/exam-nodes', { code: 'BENCH', name: '测评考试', weight: 0 });
    const batch = await api<{ id: string }>(server.url, admin, '/api/grades/batches', {
      name: '初三测评',
      semesterId,
      examNodeId: node.id,
      grade: GRADE,
      start: '2026-12-07',
      end: '2026-12-11',
      courses: courses.map((c, i) => ({ courseId: c.id, fullMarks: FULL[i], weight: WEIGHTS[i], scaleId: i === 9 ? undefined : scale.id })),
    });
    const itemCourse = courses[3] as { id: string; code: string };
    const items: string[] = [];
    for (const [i, full] of ITEMS.entries()) items.push((await api<{ id: string }>(server.url, admin, '/api/grades/score-items', { batchId: batch.id, courseId: itemCourse.id, name: `第${i + 1}题`, fullMarks: full, weight: 20, sort: i })).id);
    let t = performance.now();
    const opened = await api<{ sheets: number }>(server.url, admin, gradesPath.open(batch.id), undefined, 'POST');
    out(`batch opened through the API: ${opened.sheets} sheets (grade-confirmations) in ${ms(performance.now() - t)}`);

    // Every sheet written by its teacher through the API.
    const rows = (
      await db.query<{ class_id: string; course_id: string; account: string; students: { id: string; n: number }[] }>(
        `SELECT s.class_id, s.course_id, u.account,
                (SELECT json_agg(json_build_object('id', st.id, 'n', substr(st.student_no, 2)::int) ORDER BY st.student_no) FROM student st WHERE st.class_id = s.class_id) AS students
           FROM grade_sheet s JOIN sys_user u ON u.id = s.teacher_id WHERE s.batch_id = $1 ORDER BY u.account, s.class_id`,
        [batch.id],
      )
    ).rows;
    const sheets: Sheet[] = rows.map((r) => ({ classId: r.class_id, courseId: r.course_id, courseIndex: courses.findIndex((c) => c.id === r.course_id), account: r.account, students: r.students }));
    const accounts = [...new Set(sheets.map((s) => s.account))];
    t = performance.now();
    const tokens = new Map<string, string>(await mapLimit(accounts.length, 4, async (i) => [accounts[i] as string, await login(accounts[i] as string)] as [string, string]));
    out(`${accounts.length} teachers signed in in ${ms(performance.now() - t)}`);
    const bodyOf = (s: Sheet, round: number): string =>
      JSON.stringify({
        scores: s.students.map((st, i) => {
          if (round === 0 && i === 13) return { studentId: st.id, mark: 'absent' };
          if (s.courseId === itemCourse.id) return { studentId: st.id, items: Object.fromEntries(itemsOf(st.n, s.courseIndex, round).map((v, j) => [items[j], v])) };
          return { studentId: st.id, score: scoreOf(st.n, s.courseIndex, FULL[s.courseIndex] as number, round) };
        }),
      });
    const base = new URL(server.url);
    const agents = Array.from({ length: Math.max(TEACHERS, ANALYSIS_CLIENTS) }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
    t = performance.now();
    await mapLimit(sheets.length, TEACHERS, async (i) => {
      const s = sheets[i] as Sheet;
      await put(agents[i % TEACHERS] as http.Agent, new URL(`/server${gradesPath.sheet(batch.id, s.classId, s.courseId)}`, base), tokens.get(s.account) as string, bodyOf(s, 0));
    });
    const written = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM grade_score WHERE batch_id = $1`, [batch.id])).rows[0]?.n;
    out(`all ${sheets.length} sheets written through the API (${TEACHERS} at a time): ${written} scores in ${ms(performance.now() - t)}`);
    await db.query(`VACUUM ANALYZE grade_score, grade_sheet, wf_instance`);

    // (a) A full sheet saved by 8 teachers at once, each its own sheet (one teacher each, spread over the courses).
    const savers: Sheet[] = [];
    for (const s of sheets) if (savers.length < TEACHERS && !savers.some((o) => o.account === s.account || o.courseId === s.courseId)) savers.push(s);
    const bodies = savers.map((s) => Array.from({ length: SAVE_ROUNDS }, (_, r) => bodyOf(s, r + 1)));
    let cpu = sampleCpu(server.pid, server.databaseName);
    const saves = await timed(savers.length, SAVE_ROUNDS, (c, n) => {
      const s = savers[c] as Sheet;
      return put(agents[c] as http.Agent, new URL(`/server${gradesPath.sheet(batch.id, s.classId, s.courseId)}`, base), tokens.get(s.account) as string, bodies[c]?.[n] as string);
    });
    const saveCpu = formatCpu('saves', cpu, sampleCpu(server.pid, server.databaseName), { unit: 'save', count: saves.length });
    // Baseline: the same rows, upserted by the statement the save ends with, from as many connections at once.
    const conns = await Promise.all(Array.from({ length: Math.max(TEACHERS, ANALYSIS_CLIENTS) }, () => openDb(server.databaseUrl)));
    const repos = conns.map((c) => new GradeSheetsRepository(asDataSource(c)));
    const writesOf = (c: number, n: number) =>
      (JSON.parse(bodies[c]?.[n] as string) as { scores: { studentId: string; score?: number; items?: Record<string, number> }[] }).scores.map((r) => ({
        studentId: r.studentId,
        score: r.score ?? Object.values(r.items ?? {}).reduce((a, b) => a + b, 0),
        mark: null,
        items: r.items ?? {},
      }));
    const plainSaves = await timed(savers.length, SAVE_ROUNDS, (c, n) => {
      const s = savers[c] as Sheet;
      return (repos[c] as GradeSheetsRepository).save(asDataSource(conns[c] as pg.Client) as never, { batchId: batch.id, classId: s.classId, courseId: s.courseId }, writesOf(c, n), '00000000-0000-4000-8000-000000000000');
    });
    const a = summarise(saves);
    const b = summarise(plainSaves);
    out(
      `\n${table(
        [`(a) a full sheet of ${CLASS_SIZE} rows, ${savers.length} teachers at once × ${SAVE_ROUNDS}`, 'saves', 'p50', 'p99', 'p99 ratio'],
        [
          ['the same upsert statement alone (pg, as many connections)', String(b.count), ms(b.p50), ms(b.p99), '1.000×'],
          ['PUT /api/grades/batches/{b}/sheets/{class}/{course}', String(a.count), ms(a.p50), ms(a.p99), ratio(a.p99 / b.p99)],
        ],
      )}`,
    );
    out(saveCpu);

    // (b) Every analysis kind over the whole batch, beside a plain GROUP BY of the same rows.
    const mathId = (courses[1] as { id: string }).id;
    const kinds: { label: string; kind: AnalysisKind; query: Record<string, string> }[] = [
      { label: 'admin-class (every course)', kind: 'admin-class', query: {} },
      { label: 'teaching-class (every course)', kind: 'teaching-class', query: {} },
      { label: 'ranking (every student)', kind: 'ranking', query: {} },
      { label: 'subject (one course)', kind: 'subject', query: { courseId: mathId } },
      { label: 'question-rate (5 items)', kind: 'question-rate', query: { courseId: itemCourse.id } },
      { label: 'ranking as .xlsx (no target)', kind: 'ranking', query: { format: 'xlsx' } },
    ];
    const groupBy = `SELECT class_id, course_id, count(score), count(mark), avg(score), min(score), max(score), stddev_pop(score)
                       FROM grade_score WHERE batch_id = $1 GROUP BY class_id, course_id`;
    const bare = async (clients: number) => timed(clients, REPEATS, (c) => (conns[c] as pg.Client).query(groupBy, [batch.id]));
    // each kind's own statement, directly: the repository on a plain connection
    const lang: Language = 'zh';
    // as the admin reads it: a grade manager, every sheet counted
    const reader = { userId: '00000000-0000-0000-0000-000000000000', manager: true };
    const direct = (repo: AnalysisRepository, kind: AnalysisKind): Promise<unknown> => {
      switch (kind) {
        case 'admin-class':
          return repo.adminClasses(batch.id, null, null, lang, '全年级', reader);
        case 'teaching-class':
          return repo.teachingClasses(batch.id, null, null, lang, '全年级', reader);
        case 'ranking':
          return repo.ranking(batch.id, courses.map((c) => c.id), null, lang, reader);
        case 'subject':
          return repo.subject(batch.id, mathId, null, lang, '全年级', reader);
        case 'question-rate':
          return repo.questionRates(batch.id, itemCourse.id, null, lang, '全年级', reader);
      }
    };
    const analysisRepos = conns.map((c) => new AnalysisRepository(asDataSource(c)));
    // warm up: every path once
    for (const k of kinds) await get(agents[0] as http.Agent, new URL(`/server${gradesPath.analysis(k.kind)}?${new URLSearchParams({ batchId: batch.id, ...k.query }).toString()}`, base), admin);
    await bare(1);

    const byStudent = `SELECT student_id, sum(score), count(score) FROM grade_score WHERE batch_id = $1 GROUP BY student_id`;
    for (const clients of [1, ANALYSIS_CLIENTS]) {
      const seqBase = summarise(await bare(clients));
      const studentBase = summarise(await timed(clients, REPEATS, (c) => (conns[c] as pg.Client).query(byStudent, [batch.id])));
      let rankingP99 = Number.NaN;
      const lines: string[][] = [[`GROUP BY (class, course) of the batch's ${written} scores, pg`, String(seqBase.count), ms(seqBase.p50), ms(seqBase.p99), '', '1.000×']];
      cpu = sampleCpu(server.pid, server.databaseName);
      let requests = 0;
      for (const k of kinds) {
        const url = new URL(`/server${gradesPath.analysis(k.kind)}?${new URLSearchParams({ batchId: batch.id, ...k.query }).toString()}`, base);
        let size = 0;
        const lat = summarise(await timed(clients, REPEATS, async (c) => (size = await get(agents[c] as http.Agent, url, admin))));
        requests += lat.count;
        if (k.kind === 'ranking' && !k.query.format) rankingP99 = lat.p99;
        lines.push([`GET analysis/${k.label}`, String(lat.count), ms(lat.p50), ms(lat.p99), `${(size / 1024).toFixed(0)} KB`, ratio(lat.p99 / seqBase.p99)]);
        if (!k.query.format) {
          const sqlOnly = summarise(await timed(clients, REPEATS, (c) => direct(analysisRepos[c] as AnalysisRepository, k.kind)));
          lines.push([`  its statement alone (pg, no HTTP)`, String(sqlOnly.count), ms(sqlOnly.p50), ms(sqlOnly.p99), '', ratio(sqlOnly.p99 / seqBase.p99)]);
        }
      }
      const analysisCpu = formatCpu('analysis requests', cpu, sampleCpu(server.pid, server.databaseName), { unit: 'request', count: requests });
      out(`\n${table([`(b) analysis over the whole batch, ${clients === 1 ? 'one request at a time' : `${clients} clients at once`}`, 'requests', 'p50', 'p99', 'answer', 'p99 ratio'], lines)}`);
      out(`ranking beside a plain GROUP BY student (Σ score) of the same rows, pg: p50 ${ms(studentBase.p50)}, p99 ${ms(studentBase.p99)}; ranking's p99 is ${ratio(rankingP99 / studentBase.p99)} that`);
      out(analysisCpu);
    }
    out(`\n${NOTES}`);
    for (const c of conns) await c.end();
    await db.end();
  });
});
