/**
 * npm run bench:pdf
 *
 * Issue 32 finding 5's measurement: report PDFs were drawn on the event loop, and 24 concurrent requests from one
 * student took `GET /server/health` from 11 ms to 346 ms p50 (829 ms max). Now they are drawn by worker threads
 * (docs/adr/0029). On the built server over a fresh database with the demo school, `/server/health` is asked one
 * request after another for BENCH_DURATION_S (10) seconds in each of three phases:
 *
 * (a) idle — the baseline, in the same run;
 * (b) one student sending 24 report requests at once, again as soon as all are answered (the finding's load): at
 *     most PDF_RENDERS_PER_USER (2) are drawn at once, the rest answer 429 at once;
 * (c) 24 students keeping one report request each in flight: 24 documents drawn back to back, the pool busy all along.
 *
 * Prints health's p50/p99/max per phase and each ratio to (a), and the PDFs drawn per second. Nothing is asserted.
 */
import http from 'node:http';
import { gradesPath } from '@schoolflow/contracts';
import { runMain, withBenchServer } from './support/bench-server.js';
import { openDb } from './support/db.js';
import { demoStudents, signIn, spreadOverClasses } from './support/demo-school.js';
import { describeContext, formatCpu, sampleCpu } from './support/machine.js';
import { ms, ratio, summarise, table } from './support/stats.js';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const IN_FLIGHT = 24;

const out = (line = ''): void => void process.stdout.write(`${line}\n`);

/** One GET, answering its status, size and time; the body is read to the end (a PDF is what a browser would take). */
function get(agent: http.Agent, url: URL, token?: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { ...(token ? { 'X-Access-Token': token } : {}), 'X-Forwarded-For': '10.9.9.9' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `/server/health` one request after another until `until`, answering each one's time. */
async function probeHealth(base: string, until: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL('/server/health', base);
  const times: number[] = [];
  while (performance.now() < until) {
    const r = await get(agent, url);
    if (r.status !== 200) throw new Error(`health answered ${r.status}`);
    times.push(r.ms);
  }
  agent.destroy();
  return times;
}

interface Requester {
  token: string;
  studentId: string;
}

/**
 * Report requests until `until`: `waves` sends all of `requesters` at once and waits for every answer before the next
 * wave (the finding's 24 at once from one student; a client that retried a 429 at once would measure a request flood,
 * not the drawing); otherwise each requester keeps one request in flight, starting again as soon as it is answered.
 */
async function keepRequesting(base: string, requesters: Requester[], until: number, waves: boolean): Promise<{ ok: number[]; refused: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: requesters.length });
  const ok: number[] = [];
  let refused = 0;
  const one = async (r: Requester) => {
    const res = await get(agent, new URL(`/server${gradesPath.report}?studentId=${r.studentId}`, base), r.token);
    if (res.status === 200) ok.push(res.ms);
    else if (res.status === 429) refused++;
    else throw new Error(`report answered ${res.status}`);
  };
  if (waves) {
    while (performance.now() < until) await Promise.all(requesters.map(one));
  } else {
    await Promise.all(
      requesters.map(async (r) => {
        while (performance.now() < until) await one(r);
      }),
    );
  }
  agent.destroy();
  return { ok, refused };
}

runMain(async () => {
  await withBenchServer(async (server) => {
    for (const line of await describeContext(server.databaseUrl)) out(line);
    const base = server.url;
    const students = spreadOverClasses(await demoStudents(server.databaseUrl), IN_FLIGHT);
    const accounts = ['student', ...students.map((s) => s.account)];
    const tokens = await signIn(accounts);
    const db = await openDb(server.databaseUrl);
    const ids = new Map((await db.query<{ account: string; id: string }>(`SELECT u.account, s.id FROM student s JOIN sys_user u ON u.id = s.user_id WHERE u.account = ANY($1)`, [accounts])).rows.map((r) => [r.account, r.id]));
    await db.end();
    const requester = (account: string) => ({ token: tokens.get(account) as string, studentId: ids.get(account) as string });

    // warm up: the pool's first thread starts and parses the font at the first document
    await keepRequesting(base, [requester('student')], performance.now() + 2_000, false);

    const phase = async (label: string, requesters: Requester[], waves = false) => {
      const cpu = sampleCpu(server.pid, server.databaseName);
      const until = performance.now() + DURATION_S * 1000;
      const [health, load] = await Promise.all([probeHealth(base, until), requesters.length ? keepRequesting(base, requesters, until, waves) : Promise.resolve({ ok: [], refused: 0 })]);
      return { label, health: summarise(health), pdf: summarise(load.ok), refused: load.refused, cpu: formatCpu(label, cpu, sampleCpu(server.pid, server.databaseName), { unit: 'health request', count: health.length }) };
    };
    const idle = await phase('(a) idle', []);
    const one = await phase(`(b) one student, waves of ${IN_FLIGHT} report requests at once`, Array.from({ length: IN_FLIGHT }, () => requester('student')), true);
    const many = await phase(`(c) ${IN_FLIGHT} students, one request in flight each`, students.map((s) => requester(s.account)));

    out(
      `\n${table(
        ['GET /server/health, one after another', 'requests', 'p50', 'p99', 'max', 'p50 ratio', 'p99 ratio'],
        [idle, one, many].map((p) => [p.label, String(p.health.count), ms(p.health.p50), ms(p.health.p99), ms(p.health.max), ratio(p.health.p50 / idle.health.p50), ratio(p.health.p99 / idle.health.p99)]),
      )}`,
    );
    out(
      `\n${table(
        ['report PDFs meanwhile', 'drawn', 'per second', 'p50', 'p99', 'refused (429)'],
        [one, many].map((p) => [p.label, String(p.pdf.count), (p.pdf.count / DURATION_S).toFixed(1), ms(p.pdf.p50), ms(p.pdf.p99), String(p.refused)]),
      )}`,
    );
    for (const p of [idle, one, many]) out(p.cpu);
    out(`\nBefore the PDF workers (issue 32): 24 concurrent requests from one student took health from 11 ms to 346 ms p50 (829 ms max), 31×.`);
  });
});
