import { describe, expect, it } from '@jest/globals';
import { gradesPath, type JobProgress } from '@schoolflow/contracts';
import pg from 'pg';
import { baseUrl, call, login, withDb } from '../support/api.js';
import { pdfText } from '../support/pdf-text.js';
import { until } from '../support/workflow.js';
import { getFile } from '../resources/resource-support.js';

/**
 * Issue 32, finding 5: one user queued unlimited background work (40 class-report jobs from one head teacher in
 * 1.3 s, all accepted, another user's job waiting behind them), and report PDFs were drawn on the event loop (24 at
 * once from one student took `/server/health` from 11 ms to 346 ms p50). Now every job a request starts is admitted
 * under its owner's cap (JOBS_PER_USER, 3 here: the default) and the PDFs are drawn by worker threads, at most
 * PDF_RENDERS_PER_USER (2) of one user's at once (docs/adr/0029). Timing is the bench's (bench/pdf.bench.ts), not this
 * file's.
 *
 * "Under way" is made to last by a transaction of this file's holding `grade_conversion_rule` (read by every report,
 * by the jobs and by the PDF requests alike, and by nothing that admits them): a report being made waits there, so
 * what is admitted stays admitted while the rest of the burst arrives. Each test checks that its hold held.
 */

const sql = <T>(text: string, args: unknown[] = []): Promise<T[]> => withDb(async (c) => (await c.query(text, args)).rows as T[]);

/** Runs `work` while reports cannot be made; answers what it answered once they can again. */
async function whileReportsWait<T>(work: (release: () => Promise<void>) => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await holder.connect();
  let held = true;
  const release = async () => {
    if (!held) return;
    held = false;
    await holder.query('ROLLBACK');
  };
  try {
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE grade_conversion_rule IN ACCESS EXCLUSIVE MODE');
    return await work(release);
  } finally {
    await release();
    await holder.end();
  }
}

const liveJobs = async (account: string): Promise<number> =>
  Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM sys_job j JOIN sys_user u ON u.id = j.owner_id WHERE u.account = $1 AND j.state IN ('queued', 'running')`, [account]))[0]?.n);

/** A refusal's envelope, from a GET that answers a PDF when it succeeds. */
const envelopeOf = (bytes: Buffer): { msg: string } => JSON.parse(bytes.toString('utf8')) as { msg: string };

describe('issue 32 finding 5: one user cannot queue unlimited background work', () => {
  it('5 class-report jobs from one head teacher at once: 3 accepted, the rest 429 naming the cap (zh, en); another user’s job still accepted', async () => {
    const head = await login('headteacher');
    const office = await login('office');
    const [cls] = await sql<{ id: string }>(`SELECT c.id FROM admin_class c JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher'`);
    const classId = (cls as { id: string }).id;
    // what other files left of his is done first: the cap counts every job of his under way
    await until(() => liveJobs('headteacher'), (n) => n === 0, 90_000, 250);

    const accepted: string[] = [];
    await whileReportsWait(async () => {
      const burst = await Promise.all(Array.from({ length: 5 }, () => call<{ jobId: string; total: number }>(gradesPath.classReports, { token: head, json: { classId } })));
      const byStatus = (s: number) => burst.filter((r) => r.status === s);
      expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429]);
      accepted.push(...byStatus(200).map((r) => r.body.data?.jobId as string));
      for (const r of byStatus(429)) expect({ code: r.body.code, result: r.body.result, msg: r.body.msg }).toEqual({ code: 429, result: false, msg: '您已有 3 个后台任务在排队或运行，每人最多同时 3 个；请等其中一个完成后再试' });
      const en = await call(gradesPath.classReports, { token: head, json: { classId }, lang: 'en' });
      expect({ status: en.status, msg: en.body.msg }).toEqual({ status: 429, msg: 'You already have 3 background jobs queued or running, and each person may have at most 3 at once; please wait for one to finish' });
      // the hold held: none of his had finished, and no refused request left a job behind
      expect(await liveJobs('headteacher')).toBe(3);
      // another user is not behind his cap
      const theirs = await call<{ jobId: string }>(gradesPath.classReports, { token: office, json: { classId } });
      expect(theirs.status).toBe(200);
      accepted.push(theirs.body.data?.jobId as string);
    });

    // once reports can be made, every accepted job completes; then he may start another
    for (const jobId of accepted) {
      const owner = jobId === accepted.at(-1) ? office : head;
      const done = await until(async () => (await call<JobProgress>(`/api/jobs/${jobId}`, { token: owner })).body.data as JobProgress, (j) => j.state === 'completed' || j.state === 'failed', 120_000, 250);
      expect(done.state).toBe('completed');
    }
    const again = await call(gradesPath.classReports, { token: head, json: { classId } });
    expect(again.status).toBe(200);
  });

  it('24 report PDFs from one student at once: 2 drawn, 22 refused at once with 429 naming the limit — the 2 valid PDFs of the student', async () => {
    const token = await login('student');
    const [me] = await sql<{ id: string; name: string }>(`SELECT s.id, s.name FROM student s JOIN sys_user u ON u.id = s.user_id WHERE u.account = 'student'`);
    const url = `${gradesPath.report}?studentId=${(me as { id: string }).id}`;
    const results = await whileReportsWait(async (release) => {
      const settled: { status: number; bytes: Buffer }[] = [];
      const all = Array.from({ length: 24 }, () => getFile(url, token).then((r) => (settled.push(r), r)));
      // two wait for the held table, in their places: every other one is answered without them
      await until(async () => settled.length, (n) => n >= 22, 60_000, 50);
      expect(settled.map((r) => r.status)).toEqual(Array.from({ length: 22 }, () => 429));
      for (const r of settled) expect(envelopeOf(r.bytes)).toMatchObject({ code: 429, result: false, msg: '每人最多同时生成 2 份 PDF，您的还在生成中；请等其完成后再试' });
      // in English too
      const en = await getFile(url, token, 'en');
      expect({ status: en.status, msg: envelopeOf(en.bytes).msg }).toEqual({ status: 429, msg: 'Each person may have at most 2 PDFs being made at once, and yours are still being made; please wait for them to finish' });
      await release();
      return Promise.all(all);
    });
    const drawn = results.filter((r) => r.status === 200);
    expect(drawn).toHaveLength(2);
    for (const pdf of drawn) {
      expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfText(pdf.bytes).join(' ')).toContain((me as { name: string }).name);
    }
  });

  it('24 at once while /server/health is asked meanwhile: each answer a valid PDF or that 429, and health answers every time', async () => {
    const token = await login('student');
    const [me] = await sql<{ id: string }>(`SELECT s.id FROM student s JOIN sys_user u ON u.id = s.user_id WHERE u.account = 'student'`);
    const url = `${gradesPath.report}?studentId=${(me as { id: string }).id}`;
    let flooding = true;
    const health: number[] = [];
    const probe = (async () => {
      while (flooding) health.push((await fetch(`${baseUrl()}/server/health`)).status);
    })();
    const results = await Promise.all(Array.from({ length: 24 }, () => getFile(url, token)));
    flooding = false;
    await probe;
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((s) => s === 200)).toBe(true);
    expect(results.some((r) => r.status === 200)).toBe(true);
    for (const r of results) {
      if (r.status === 200) expect(r.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      else expect({ status: r.status, msg: envelopeOf(r.bytes).msg }).toEqual({ status: 429, msg: '每人最多同时生成 2 份 PDF，您的还在生成中；请等其完成后再试' });
    }
  });
});
