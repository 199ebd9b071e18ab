import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Envelope } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { leaveForm, submitLeave } from '../support/workflow.js';

// The upload cleanup (docs/adr/0013): uploads never attached are deleted after FILE_RETENTION_HOURS (24), removed
// ones at the next sweep (every FILE_SWEEP_SECONDS; 1 in the tests), rows and stored bytes; attached ones stay.

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082',
  'hex',
);
const FILES_DIR = join(resolve(process.env.DATA_DIR ?? '.data'), 'files');

async function uploadPng(token: string, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG)]), name);
  const res = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
  const body = JSON.parse(await res.text()) as Envelope<{ resId: string }[]>;
  expect(body.result).toBe(true);
  return body.data?.[0]?.resId as string;
}

async function stored(resId: string): Promise<{ row: boolean; bytes: boolean }> {
  const row = await withDb(async (c) => (await c.query<{ storage_name: string }>(`SELECT storage_name FROM sys_file WHERE res_id = $1`, [resId])).rows[0]);
  return { row: row !== undefined, bytes: row !== undefined && existsSync(join(FILES_DIR, row.storage_name)) };
}

let student: string;
beforeAll(async () => {
  student = await login('student');
});

describe('upload cleanup', () => {
  it('deletes day-old unattached and removed uploads (rows and bytes); keeps attached and recent ones', async () => {
    const attached = await uploadPng(student, '病假条.png');
    const submitted = await submitLeave(student, { ...leaveForm(1), attachments: [attached] });
    expect(submitted.body.result).toBe(true);
    const stale = await uploadPng(student, 'forgotten.png');
    const removed = await uploadPng(student, 'removed.png');
    const recent = await uploadPng(student, 'recent.png');
    expect((await call(`/file/remove/${removed}`, { token: student, method: 'POST' })).body.result).toBe(true);

    // the first two uploaded 25 hours ago, as far as the database knows (the stale one's file named before: the
    // sweep, every second, may delete its row the moment it is old enough)
    const storageOfStale = await withDb(async (c) => {
      const name = (await c.query<{ storage_name: string }>(`SELECT storage_name FROM sys_file WHERE res_id = $1`, [stale])).rows[0]?.storage_name as string;
      expect(existsSync(join(FILES_DIR, name))).toBe(true);
      await c.query(`UPDATE sys_file SET created_at = now() - interval '25 hours' WHERE res_id = ANY($1::uuid[])`, [[attached, stale]]);
      return name;
    });

    const deadline = Date.now() + 15_000;
    // rows go first, then their bytes: wait for both
    while (Date.now() < deadline && ((await stored(stale)).row || (await stored(removed)).row || existsSync(join(FILES_DIR, storageOfStale)))) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await stored(stale)).toEqual({ row: false, bytes: false });
    expect(existsSync(join(FILES_DIR, storageOfStale))).toBe(false);
    expect(await stored(removed)).toEqual({ row: false, bytes: false });
    // kept: the picture of a request (for good), and a fresh upload that may still be attached
    expect(await stored(attached)).toEqual({ row: true, bytes: true });
    expect(await stored(recent)).toEqual({ row: true, bytes: true });
    const id = submitted.body.data?.id as string;
    const view = await call<{ attachments?: { resId: string }[] }>(`/api/workflows/leave/${id}`, { token: student });
    expect(JSON.stringify(view.body.data)).toContain(attached);
  });

  it("a picture the cleanup deletes between the submission's read and its write: 400 with a clear message, nothing written", async () => {
    const vanishing = await uploadPng(student, 'vanishing.png');
    // stand-in for the sweep winning the race: the row goes just as the request links it
    await withDb(async (c) => {
      await c.query(`CREATE OR REPLACE FUNCTION test_vanish() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN DELETE FROM sys_file WHERE res_id = NEW.res_id AND res_name LIKE 'vanishing%'; RETURN NEW; END $$`);
      await c.query(`CREATE TRIGGER test_vanish BEFORE INSERT ON sys_file_link FOR EACH ROW EXECUTE FUNCTION test_vanish()`);
    });
    try {
      const before = await withDb(async (c) => (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`)).rows[0]?.n);
      const res = await submitLeave(student, { ...leaveForm(1), attachments: [vanishing] });
      expect({ status: res.status, result: res.body.result, msg: res.body.msg }).toEqual({ status: 400, result: false, msg: '图片已失效，请重新上传' });
      expect(await withDb(async (c) => (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`)).rows[0]?.n)).toBe(before);
    } finally {
      await withDb(async (c) => {
        await c.query(`DROP TRIGGER IF EXISTS test_vanish ON sys_file_link`);
        await c.query(`DROP FUNCTION IF EXISTS test_vanish`);
      });
    }
  });

  it('a picture deleted by the cleanup is refused in a new request with a clear message, not an error', async () => {
    const gone = await uploadPng(student, 'too-late.png');
    await withDb((c) => c.query(`UPDATE sys_file SET created_at = now() - interval '25 hours' WHERE res_id = $1`, [gone]));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await stored(gone)).row) await new Promise((r) => setTimeout(r, 200));
    const res = await submitLeave(student, { ...leaveForm(1), attachments: [gone] });
    expect({ status: res.status, result: res.body.result, msg: res.body.msg }).toEqual({ status: 400, result: false, msg: '只能使用自己上传的图片' });
  });
});
