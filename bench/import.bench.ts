/**
 * npm run bench:import
 *
 * Issue 13's two measurements, on the built server over a fresh database with the demo school:
 *
 * 1. Importing 5,000 students with two guardians each (5,000 student accounts and 10,000 parent accounts) from one
 *    .xlsx through `POST /api/academic/students/import` — a background job (BullMQ) — from the upload until the job
 *    says completed; beside, in the same run, a `COPY` of the same rows (students, guardians, 15,000 accounts with
 *    their roles and guardian links) into the same tables, rolled back. Prints the ratio and the server's peak RSS.
 * 2. The student list with a keyword over those 5,000+ students: p50/p99 at BENCH_CLIENTS (8) clients for
 *    BENCH_DURATION_S (10) s, beside a bare indexed `SELECT` of the same page and count from as many clients.
 *
 * Knobs: BENCH_STUDENTS (5000), BENCH_CLIENTS (8), BENCH_DURATION_S (10).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import * as XLSX from '@e965/xlsx';
import { resources, withCheckCharacter } from '@schoolflow/contracts';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { login } from '../test/support/api.js';
import { runMain, withBenchServer } from './support/bench-server.js';
import { describeContext } from './support/machine.js';
import { ms, ratio, summarise, table } from './support/stats.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

interface Row {
  studentNo: string;
  name: string;
  gender: 'M' | 'F';
  idNumber: string;
  classCode: string;
  father: string;
  fatherMobile: string;
  mother: string;
  motherMobile: string;
}

function rowsOf(classCodes: string[]): Row[] {
  return Array.from({ length: STUDENTS }, (_, i) => {
    const gender = i % 2 === 0 ? 'M' : 'F';
    const born = `2011${String(1 + (i % 12)).padStart(2, '0')}${String(1 + (i % 28)).padStart(2, '0')}`;
    return {
      studentNo: `2030${String(i).padStart(6, '0')}`,
      name: `学生${i}`,
      gender,
      idNumber: withCheckCharacter(`3201${String(10 + Math.floor(i / 1000)).padStart(2, '0')}${born}${String(i % 1000).padStart(3, '0')}`),
      classCode: classCodes[i % classCodes.length] as string,
      father: `父亲${i}`,
      fatherMobile: `138${String(i).padStart(8, '0')}`,
      mother: `母亲${i}`,
      motherMobile: `139${String(i).padStart(8, '0')}`,
    };
  });
}

/** The template's own titles (zh), so the file is what an administrator would fill in. */
function workbook(rows: Row[]): Buffer {
  const t = resources.zh.resource.students;
  const g = (n: number, f: keyof typeof t.guardians) => t.guardiansColumn.replace('{{n}}', String(n)).replace('{{field}}', t.guardians[f]);
  const header = [t.fields.studentNo, t.fields.name, t.fields.gender, t.fields.idNumber, t.fields.classId, t.fields.enrollmentYear, g(1, 'name'), g(1, 'relationship'), g(1, 'mobile'), g(2, 'name'), g(2, 'relationship'), g(2, 'mobile')];
  const aoa = [header, ...rows.map((r) => [r.studentNo, r.name, r.gender === 'M' ? '男' : '女', r.idNumber, r.classCode, 2030, r.father, '父亲', r.fatherMobile, r.mother, '母亲', r.motherMobile])];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'students');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function upload(base: string, token: string, bytes: Buffer): Promise<{ jobId: string }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'students.xlsx');
  const res = await fetch(`${base}/server/api/academic/students/import`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
  const body = (await res.json()) as { result: boolean; msg: string; data?: { jobId?: string } };
  if (!body.data?.jobId) throw new Error(`import not started: ${res.status} ${body.msg}`);
  return { jobId: body.data.jobId };
}

async function waitForJob(base: string, token: string, jobId: string): Promise<{ state: string; result?: unknown }> {
  for (;;) {
    const res = await fetch(`${base}/server/api/jobs/${jobId}`, { headers: { 'X-Access-Token': token } });
    const body = (await res.json()) as { data: { state: string; result?: unknown } };
    if (body.data.state === 'completed' || body.data.state === 'failed') return body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Peak resident set of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

const tsv = (rows: unknown[][]): string => rows.map((r) => r.map((v) => (v === null ? '\\N' : String(v).replace(/[\t\n\\]/g, ' '))).join('\t')).join('\n') + '\n';

async function copy(client: pg.Client, sql: string, rows: unknown[][]): Promise<void> {
  const t = performance.now();
  await pipeline(Readable.from([tsv(rows)]), client.query(copyStreams.from(sql)));
  if (process.env.BENCH_DEBUG) process.stderr.write(`${sql.slice(0, 40)} ${rows.length} ${(performance.now() - t).toFixed(0)} ms\n`);
}

/** The same rows into the same tables with COPY, in one transaction, rolled back; answers its milliseconds. */
async function copyBaseline(databaseUrl: string, rows: Row[]): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const classes = new Map((await client.query<{ code: string; id: string }>(`SELECT code, id FROM admin_class`)).rows.map((r) => [r.code, r.id]));
    const roles = new Map((await client.query<{ code: string; id: string }>(`SELECT code, id FROM sys_role`)).rows.map((r) => [r.code, r.id]));
    const started = performance.now();
    await client.query('BEGIN');
    const ids = rows.map(() => crypto.randomUUID());
    const accounts = rows.flatMap((r, i) => [
      [crypto.randomUUID(), r.studentNo, r.name, '2', `initial$${createHash('sha256').update(r.studentNo).digest('hex')}`, true, ids[i], 'student', null],
      [crypto.randomUUID(), `jz${r.studentNo}`, r.father, '4', `initial$${createHash('sha256').update(`jz${r.studentNo}`).digest('hex')}`, true, ids[i], 'parent', 0],
      [crypto.randomUUID(), `jz${r.studentNo}_2`, r.mother, '4', `initial$${createHash('sha256').update(`jz${r.studentNo}_2`).digest('hex')}`, true, ids[i], 'parent', 1],
    ]);
    await copy(client, `COPY sys_user (id, account, name, user_type, password_hash, must_change_password) FROM STDIN`, accounts.map((a) => a.slice(0, 6)));
    await copy(client, `COPY sys_user_role (user_id, role_id) FROM STDIN`, accounts.map((a) => [a[0], roles.get(a[7] as string)]));
    await copy(
      client,
      `COPY student (id, user_id, student_no, name, gender, id_number, class_id, enrollment_year) FROM STDIN`,
      rows.map((r, i) => [ids[i], accounts[i * 3]?.[0], r.studentNo, r.name, r.gender, r.idNumber, classes.get(r.classCode), 2030]),
    );
    await copy(
      client,
      `COPY student_guardian (student_id, position, name, relationship, mobile, user_id) FROM STDIN`,
      rows.flatMap((r, i) => [
        [ids[i], 0, r.father, 'father', r.fatherMobile, accounts[i * 3 + 1]?.[0]],
        [ids[i], 1, r.mother, 'mother', r.motherMobile, accounts[i * 3 + 2]?.[0]],
      ]),
    );
    await copy(client, `COPY guardian (user_id, student_id, relation) FROM STDIN`, accounts.filter((a) => a[7] === 'parent').map((a) => [a[0], a[6], a[8] === 0 ? 'father' : 'mother']));
    const elapsed = performance.now() - started;
    await client.query('ROLLBACK');
    return elapsed;
  } finally {
    await client.end();
  }
}

/** Runs `fn` from `clients` loops for the duration; answers every latency. */
async function load(clients: number, fn: (client: number, n: number) => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  const until = Date.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let n = 0; Date.now() < until; n++) {
        const t = performance.now();
        await fn(c, n);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencies;
}

function get(agent: http.Agent, url: URL, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: url.pathname + url.search, agent, headers: { 'X-Access-Token': token } }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`list answered ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

runMain(async () => {
  await withBenchServer(async (server) => {
    for (const line of await describeContext(server.databaseUrl)) process.stdout.write(`${line}\n`);
    const admin = await login('admin');
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    const classCodes = (await db.query<{ code: string }>(`SELECT code FROM admin_class ORDER BY code`)).rows.map((r) => r.code);
    const rows = rowsOf(classCodes);
    const bytes = workbook(rows);
    process.stdout.write(`\n${STUDENTS} students, ${STUDENTS * 2} guardians, ${STUDENTS * 3} accounts; file ${(bytes.length / 1024).toFixed(0)} KB\n`);

    const copyMs: number[] = [];
    for (let i = 0; i < 3; i++) copyMs.push(await copyBaseline(server.databaseUrl, rows));
    await db.query(`VACUUM ANALYZE student, student_guardian, sys_user, sys_user_role, guardian`);
    const rssBefore = peakRssMb(server.pid);
    const started = performance.now();
    const { jobId } = await upload(server.url, admin, bytes);
    const answeredMs = performance.now() - started;
    const job = await waitForJob(server.url, admin, jobId);
    const importMs = performance.now() - started;
    if (job.state !== 'completed') throw new Error(`import ${job.state}: ${JSON.stringify(job.result).slice(0, 500)}`);
    const written = await db.query<{ students: number; accounts: number }>(
      `SELECT (SELECT count(*)::int FROM student WHERE enrollment_year = 2030) AS students, (SELECT count(*)::int FROM sys_user WHERE account LIKE '2030%' OR account LIKE 'jz2030%') AS accounts`,
    );
    const copyMedian = [...copyMs].sort((a, b) => a - b)[1] as number;
    // The rolled-back baselines and the import leave dead rows: cleaned as autovacuum would, before the list is measured.
    await db.query(`VACUUM ANALYZE student, student_guardian, sys_user, sys_user_role, guardian`);
    process.stdout.write(
      `\n${table(
        ['what', 'time', 'ratio to COPY'],
        [
          ['COPY of the same rows (median of 3, rolled back)', ms(copyMedian), '1.000×'],
          ['import request answered (job started)', ms(answeredMs), ''],
          ['import: upload → job completed', ms(importMs), ratio(importMs / copyMedian)],
        ],
      )}\n`,
    );
    process.stdout.write(`written: ${written.rows[0]?.students} students, ${written.rows[0]?.accounts} accounts; server peak RSS ${peakRssMb(server.pid).toFixed(0)} MB (before the import ${rssBefore.toFixed(0)} MB)\n`);

    // 2. The list with a keyword, beside the bare indexed SELECT of the same page: keywords that name a student (a
    //    number or a whole name: what a person types to find someone) and broad fragments that match a fifth of the
    //    school (the count then reads every match).
    const base = new URL(server.url);
    const kinds: [string, (n: number) => string][] = [
      ['naming one student', (n) => (n % 2 ? `2030${String((n * 7919) % STUDENTS).padStart(6, '0')}` : `学生${(n * 7919) % STUDENTS}`)],
      ['broad fragment (~1,100 matches)', (n) => ['学生3', '学生12', '20300004', '学生4'][n % 4] as string],
    ];
    const rowsOut: string[][] = [];
    for (const [label, keyword] of kinds) {
      const agents = Array.from({ length: CLIENTS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      const api = await load(CLIENTS, (c, n) => get(agents[c] as http.Agent, new URL(`/server/api/academic/students?current=1&size=10&keyword=${encodeURIComponent(keyword(n * CLIENTS + c))}`, base), admin));
      const bare = await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          const c = new pg.Client({ connectionString: server.databaseUrl });
          await c.connect();
          return c;
        }),
      );
      const sql = await load(CLIENTS, async (c, n) => {
        const like = `%${keyword(n * CLIENTS + c)}%`;
        const client = bare[c] as pg.Client;
        await client.query(`SELECT count(*) FROM student WHERE student_no ILIKE $1 OR name ILIKE $1 OR id_number ILIKE $1`, [like]);
        await client.query(`SELECT * FROM student WHERE student_no ILIKE $1 OR name ILIKE $1 OR id_number ILIKE $1 ORDER BY student_no, id LIMIT 10`, [like]);
      });
      for (const c of bare) await c.end();
      const a = summarise(api);
      const b = summarise(sql);
      rowsOut.push([`${label}: bare SELECT page + count`, String(b.count), ms(b.p50), ms(b.p99), '1.000×']);
      rowsOut.push([`${label}: GET /api/academic/students`, String(a.count), ms(a.p50), ms(a.p99), ratio(a.p99 / b.p99)]);
    }
    process.stdout.write(`\n${table([`student list, 10 a page, ${CLIENTS} clients`, 'requests', 'p50', 'p99', 'p99 ratio'], rowsOut)}\n`);
    await db.end();
  });
});
