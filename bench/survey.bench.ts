/**
 * npm run bench:survey
 *
 * Issue 25's measurements, on the built server over a fresh database (the demo school):
 *
 * 1. Answering: a public questionnaire of BENCH_QUESTIONS (20) questions of every kind is answered BENCH_ANSWERS
 *    (2,000) times by BENCH_CLIENTS (200) concurrent clients, each answer a signed-out device of its own (its paper
 *    fetched first for the device token, from an address of its own) that submits TWICE AT ONCE (a double-clicked
 *    submit) — per POST the latency (p50/p99/max), how many were stored (200) and refused (409 "already
 *    submitted"), and the duplicates in the database (responses beyond one per device; must be 0).
 * 2. Statistics: the questionnaire brought to BENCH_STATS_ANSWERS (20,000) responses by SQL, then
 *    `GET /surveys/{id}/stats` (median of 5, through HTTP) against a plain GROUP BY of the same answer rows on the
 *    bench's own connection (median of 5); the ratio printed (target ≤ 3×).
 * 3. Export: `GET /surveys/{id}/export` of those 20,000 responses, downloaded while the server's resident memory
 *    (/proc/<pid>/status VmRSS) is sampled every 20 ms: the peak growth over the level before, the bytes, the time;
 *    the file read back to count its rows.
 *
 * Targets (issue 25): answer p99 ≤ 200 ms; zero duplicates; statistics ≤ 3 × a plain GROUP BY; export in bounded
 * memory (peak RSS growth printed).
 */
import * as XLSX from '@e965/xlsx';
import type { SurveyInput, SurveySaved, SurveyStats } from '@schoolflow/contracts';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { call, login, randomIp } from '../test/support/api.js';
import { schoolDate } from '../test/support/workflow.js';
import { type BenchServer, onCleanup, runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { describeContext, formatCpu, sampleCpu } from './support/machine.js';
import { mapLimit, ms, ratio, summarise, table } from './support/stats.js';

const QUESTIONS = Number(process.env.BENCH_QUESTIONS ?? 20);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 2000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const STATS_ANSWERS = Number(process.env.BENCH_STATS_ANSWERS ?? 20_000);
const TARGET_P99_MS = 200;
const TARGET_STATS_RATIO = 3;

const out = (line = ''): void => void process.stdout.write(`${line}\n`);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `选项 ${i + 1}` }));

/** Twenty questions of every kind, in a repeating mix (choices most, as real questionnaires have). */
function questions(n: number): SurveyInput['questions'] {
  const kinds = ['single', 'multiple', 'rating', 'single', 'matrix', 'single', 'text', 'multiple', 'date', 'rating'] as const;
  return Array.from({ length: n }, (_, i) => {
    const type = kinds[i % kinds.length] as (typeof kinds)[number];
    const title = `第 ${i + 1} 题`;
    if (type === 'single') return { type, title, required: true, options: opts(4) };
    if (type === 'multiple') return { type, title, options: opts(5), max: 3 };
    if (type === 'matrix') return { type, title, rows: ['饭菜', '卫生', '服务'], options: opts(5) };
    if (type === 'rating') return { type, title, required: true, min: 1, max: 5 };
    return { type, title };
  });
}

/** A plausible answer to each question of the paper (by its kind), varied by `seed`. */
function answersFor(paper: { id: string; type: string; rows: { key: string }[] }[], seed: number): { questionId: string; value: unknown }[] {
  return paper.map((q, i) => {
    const k = (seed + i) % 4;
    switch (q.type) {
      case 'single':
        return { questionId: q.id, value: k };
      case 'multiple':
        return { questionId: q.id, value: [k, (k + 1) % 5] };
      case 'rating':
        return { questionId: q.id, value: 1 + ((seed * 7 + i) % 5) };
      case 'matrix':
        return { questionId: q.id, value: Object.fromEntries(q.rows.map((r, n) => [r.key, (seed + n) % 5])) };
      case 'date':
        return { questionId: q.id, value: schoolDate(-(seed % 20)) };
      default:
        return { questionId: q.id, value: `第 ${seed} 位同学的建议：食堂可以多一些水果` };
    }
  });
}

/** Requests sent again because the server had closed an idle kept-alive connection as it was reused (printed). */
let resent = 0;

/**
 * node:http with one keep-alive connection per client (undici's fetch costs the shared cores more than the server).
 * A request on a reused connection that the server closed as idle meanwhile (Node's 5 s keep-alive timeout, easily
 * passed on a loaded machine) fails before the server read it: sent once more on a new connection, as Node's docs
 * advise (`reusedSocket`), and counted.
 */
function requester(baseUrl: string): { send: (method: 'GET' | 'POST', path: string, headers: Record<string, string>, json?: unknown) => Promise<{ status: number; text: string }>; close: () => void } {
  const u = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (method: 'GET' | 'POST', path: string, headers: Record<string, string>, payload: string | undefined, retry: boolean): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: u.hostname, port: Number(u.port), path: `/server${path}`, method, agent, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        if (retry && req.reusedSocket && (err.code === 'ECONNRESET' || err.message === 'socket hang up')) {
          resent += 1;
          resolve(once(method, path, headers, payload, false));
        } else reject(err);
      });
      if (payload) req.write(payload);
      req.end();
    });
  return {
    send: (method, path, headers, json) => once(method, path, headers, json === undefined ? undefined : JSON.stringify(json), true),
    close: () => agent.destroy(),
  };
}

/** The server's resident memory, in MB. */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

async function bench(server: BenchServer): Promise<void> {
  out('# bench:survey — answering a public questionnaire at once from many phones; statistics and export of 20,000 answers');
  for (const line of await describeContext(server.databaseUrl)) out(line);
  out(`load:       ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')} (1/5/15 min load average before the run; other work on the machine shows here)`);
  const db = await openDb(server.databaseUrl);
  onCleanup(() => db.end());
  const admin = await login('admin');

  const created = await call<SurveySaved>('/api/surveys', {
    token: admin,
    json: { name: `bench 食堂满意度 ${Date.now()}`, category: '2', start: `${schoolDate(-30)} 00:00`, end: `${schoolDate(7)} 23:59`, public: true, questions: questions(QUESTIONS) } satisfies SurveyInput,
  });
  const id = created.body.data?.id;
  if (!id) throw new Error(`questionnaire not created: ${created.status} ${created.body.msg}`);
  const published = await call(`/api/surveys/${id}/publish`, { token: admin, json: {} });
  if (published.status !== 200) throw new Error(`not published: ${published.status} ${published.body.msg}`);

  // 1. answering: each device fetches its paper, then submits twice at once
  const clients = Array.from({ length: CLIENTS }, () => requester(server.url));
  onCleanup(async () => clients.forEach((c) => c.close()));
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let bothStored = 0;
  let noneStored = 0;
  let paperFailures = 0;
  const cpu0 = sampleCpu(server.pid, server.databaseName);
  const t0 = performance.now();
  let nextClient = 0;
  await mapLimit(ANSWERS, CLIENTS, async (i) => {
    const client = clients[nextClient++ % CLIENTS] as ReturnType<typeof requester>;
    const ip = randomIp();
    const paper = await client.send('GET', `/anon/surveys/${id}`, { 'X-Forwarded-For': ip });
    const body = JSON.parse(paper.text) as { data?: { deviceToken: string; questions: { id: string; type: string; rows: { key: string }[] }[] } };
    if (paper.status !== 200 || !body.data?.deviceToken) {
      paperFailures++;
      return;
    }
    const answers = answersFor(body.data.questions, i);
    const headers = { 'X-Forwarded-For': ip, 'X-Survey-Device': body.data.deviceToken };
    // a double-clicked submit: the same answers twice at once, on a second connection of the same phone
    const other = requester(server.url);
    const submit = async (c: ReturnType<typeof requester>) => {
      const s = performance.now();
      const r = await c.send('POST', `/anon/surveys/${id}/answers`, headers, { answers });
      latencies.push(performance.now() - s);
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      return r.status;
    };
    const results = await Promise.all([submit(client), submit(other)]);
    other.close();
    const stored = results.filter((s) => s === 200).length;
    if (stored === 2) bothStored++;
    if (stored === 0) noneStored++;
  });
  const wallS = (performance.now() - t0) / 1000;
  const cpu1 = sampleCpu(server.pid, server.databaseName);
  const answer = summarise(latencies);
  const counted = (await db.query<{ responses: number; participations: number }>(
    `SELECT (SELECT count(*)::int FROM survey_response WHERE survey_id = $1) AS responses, (SELECT count(*)::int FROM survey_participation WHERE survey_id = $1) AS participations`,
    [id],
  )).rows[0] as { responses: number; participations: number };
  const ok = statuses.get(200) ?? 0;
  const duplicates = counted.responses - ok + bothStored;

  out();
  out(`## 1. answering: ${ANSWERS} devices × a double-clicked submit, ${CLIENTS} concurrent clients, ${QUESTIONS} questions`);
  out(
    table(
      ['POST /anon/surveys/{id}/answers', 'requests', 'p50', 'p99', 'max', 'mean'],
      [['both submits of every device', String(answer.count), ms(answer.p50), ms(answer.p99), ms(answer.max), ms(answer.mean)]],
    ),
  );
  out(`answered in ${wallS.toFixed(1)} s (${(ANSWERS / wallS).toFixed(0)} devices/s); statuses: ${[...statuses].map(([s, n]) => `${s} ×${n}`).join(', ')}; papers refused: ${paperFailures}`);
  out(`stored: ${counted.responses} responses, ${counted.participations} participations; devices with both submits stored: ${bothStored}; with none: ${noneStored}; duplicates: ${duplicates}`);
  out(formatCpu('answering', cpu0, cpu1, { unit: 'device', count: ANSWERS }));
  if (resent > 0) out(`requests sent again after the server closed an idle kept-alive connection: ${resent}`);

  // 2. statistics over STATS_ANSWERS responses (the rest written by SQL, shaped as the answering writes them)
  const more = Math.max(0, STATS_ANSWERS - counted.responses);
  const g0 = performance.now();
  await db.query(
    `WITH r AS (INSERT INTO survey_response (survey_id, created_at) SELECT $1, now() - random() * interval '20 days' FROM generate_series(1, $2) RETURNING id),
          q AS (SELECT id, type, greatest(jsonb_array_length(options), 1) AS n, jsonb_array_length(rows) AS nrows FROM survey_question WHERE survey_id = $1)
     INSERT INTO survey_answer (response_id, survey_id, question_id, option_index, row_index, number, text, date)
     SELECT r.id, $1, q.id,
            CASE WHEN q.type IN ('single', 'multiple', 'matrix') THEN c.pick END,
            CASE WHEN q.type = 'matrix' THEN g.k END,
            CASE WHEN q.type = 'rating' THEN 1 + floor(random() * 5) WHEN q.type = 'matrix' THEN c.pick + 1 END,
            CASE WHEN q.type = 'text' THEN 'generated answer ' || md5(random()::text) END,
            CASE WHEN q.type = 'date' THEN current_date - floor(random() * 30)::int END
       FROM r CROSS JOIN q
       CROSS JOIN LATERAL generate_series(0, CASE q.type WHEN 'matrix' THEN q.nrows - 1 WHEN 'multiple' THEN 1 ELSE 0 END) g(k)
       CROSS JOIN LATERAL (SELECT (floor(random() * q.n)::int + g.k * 0) AS pick) c`,
    [id, more],
  );
  await db.query('ANALYZE survey_answer');
  await db.query('ANALYZE survey_response');
  const sizes = (await db.query<{ responses: number; rows: number }>(`SELECT (SELECT count(*)::int FROM survey_response WHERE survey_id = $1) AS responses, (SELECT count(*)::int FROM survey_answer WHERE survey_id = $1) AS rows`, [id])).rows[0];
  out();
  out(`## 2. statistics over ${sizes?.responses} responses (${more} generated by SQL in ${((performance.now() - g0) / 1000).toFixed(1)} s; ${sizes?.rows} answer rows)`);
  const statsRuns: number[] = [];
  const plainRuns: number[] = [];
  let last: SurveyStats | undefined;
  for (let i = 0; i < 6; i++) {
    const s = performance.now();
    const r = await call<SurveyStats>(`/api/surveys/${id}/stats`, { token: admin });
    if (r.status !== 200 || !r.body.data) throw new Error(`stats failed: ${r.status} ${r.body.msg}`);
    if (i > 0) statsRuns.push(performance.now() - s); // the first warms the caches, for both
    last = r.body.data;
    const p = performance.now();
    await db.query(`SELECT question_id, option_index, row_index, number, date, count(*) FROM survey_answer WHERE survey_id = $1 GROUP BY 1, 2, 3, 4, 5`, [id]);
    if (i > 0) plainRuns.push(performance.now() - p);
  }
  const statsMs = median(statsRuns);
  const plainMs = median(plainRuns);
  out(
    table(
      ['what', 'median of 5', 'ratio'],
      [
        ['plain GROUP BY of the same answer rows (bench connection)', ms(plainMs), '1.000×'],
        ['GET /surveys/{id}/stats (HTTP, every figure of the page)', ms(statsMs), ratio(statsMs / plainMs)],
      ],
    ),
  );
  out(`runs: stats ${statsRuns.map(ms).join(', ')}; GROUP BY ${plainRuns.map(ms).join(', ')}; respondents counted: ${last?.respondents}`);

  // 3. the export, the server's memory sampled while it streams
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 20);
  const e0 = performance.now();
  const res = await fetch(`${server.url}/server/api/surveys/${id}/export`, { headers: { 'X-Access-Token': admin, 'X-Forwarded-For': randomIp() } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const exportS = (performance.now() - e0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  const wb = XLSX.read(bytes, { type: 'buffer', dense: true });
  const sheet = wb.Sheets[wb.SheetNames[0] as string] as XLSX.WorkSheet;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 }).length;
  out();
  out(`## 3. export of ${sizes?.responses} responses`);
  out(
    table(
      ['GET /surveys/{id}/export', 'status', 'rows (with header)', 'bytes', 'time', 'server RSS before', 'peak', 'peak growth'],
      [['streamed .xlsx', String(res.status), String(rows), `${(bytes.length / 1024 / 1024).toFixed(1)} MB`, `${exportS.toFixed(1)} s`, `${before.toFixed(0)} MB`, `${peak.toFixed(0)} MB`, `${(peak - before).toFixed(1)} MB`]],
    ),
  );

  out();
  out(`target: answer p99 ≤ ${TARGET_P99_MS} ms → ${answer.p99 <= TARGET_P99_MS ? 'MET' : 'NOT MET'} (p99 ${ms(answer.p99)})`);
  out(`target: zero duplicates with every device submitting twice at once → ${duplicates === 0 && counted.responses === ANSWERS - paperFailures - noneStored ? 'MET' : 'NOT MET'} (${duplicates})`);
  out(`target: statistics ≤ ${TARGET_STATS_RATIO} × a plain GROUP BY → ${statsMs / plainMs <= TARGET_STATS_RATIO ? 'MET' : 'NOT MET'} (${ratio(statsMs / plainMs)})`);
  out(`export: peak RSS growth ${(peak - before).toFixed(1)} MB for ${bytes.length > 0 ? (bytes.length / 1024 / 1024).toFixed(1) : 0} MB of workbook (${rows - 1} rows read back)`);
}

runMain(() => withBenchServer(bench));
