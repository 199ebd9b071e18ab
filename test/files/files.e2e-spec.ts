import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Envelope } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';

// The file service (docs/product/shell-and-sign-in.md#file-limits): types decided by the bytes, size/type/count rules of the asking widget,
// names that cannot escape the storage folder, private files that only their owner (or a request they are attached
// to) may see, downloads under the original name.

interface Stored {
  resId: string;
  resName: string;
  resSuffix: string;
}

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4bb0000000049454e44ae426082',
  'hex',
);
/** The smallest thing a PDF reader would call a PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** Where the server under test keeps its data (it runs in this directory with this environment). */
const DATA_DIR = resolve(process.env.DATA_DIR ?? '.data');
const FILES_DIR = join(DATA_DIR, 'files');

interface Part {
  name: string;
  bytes: Buffer;
}

async function upload(token: string, parts: Part[], query = ''): Promise<{ status: number; body: Envelope<Stored[]> }> {
  const form = new FormData();
  for (const p of parts) form.append('file', new Blob([new Uint8Array(p.bytes)]), p.name);
  const res = await fetch(`${baseUrl()}/server/file/upload${query}`, { method: 'POST', headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() }, body: form });
  return { status: res.status, body: JSON.parse(await res.text()) as Envelope<Stored[]> };
}

async function uploadOne(token: string, name: string, bytes: Buffer, query = ''): Promise<Stored> {
  const res = await upload(token, [{ name, bytes }], query);
  expect({ status: res.status, code: res.body.code, result: res.body.result, msg: res.body.msg }).toEqual({ status: 200, code: 200, result: true, msg: '上传成功' });
  expect(res.body.data).toHaveLength(1);
  return res.body.data?.[0] as Stored;
}

function expectRefused(res: { status: number; body: Envelope<unknown> }, msg: string): void {
  expect({ status: res.status, code: res.body.code, result: res.body.result, msg: res.body.msg }).toEqual({ status: 400, code: 400, result: false, msg });
}

async function download(token: string, resId: string): Promise<Response> {
  return fetch(`${baseUrl()}/server/file/download/${resId}`, { headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp() } });
}

async function getFiles(token: string, resIds: string[]) {
  return call<Stored[]>('/file/getFiles', { token, json: { resIds } });
}

/** Every file below a folder, recursively (relative paths). */
function filesUnder(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? filesUnder(join(dir, n), `${prefix}${n}/`) : [`${prefix}${n}`]));
}

let teacher: string;
let student: string;

beforeAll(async () => {
  [teacher, student] = await Promise.all([login('teacher'), login('student')]);
});

describe('files: what is refused', () => {
  it('refuses bytes that do not match the extension, with the server message', async () => {
    const text = Buffer.from('just some text, certainly not an image\n', 'utf8');
    expectRefused(await upload(teacher, [{ name: 'photo.png', bytes: text }]), '文件内容与扩展名不符，请上传真实的.png文件');
    expectRefused(await upload(teacher, [{ name: 'report.pdf', bytes: text }]), '文件内容与扩展名不符，请上传真实的.pdf文件');
    // a real PNG named .pdf is not a PDF either
    expectRefused(await upload(teacher, [{ name: 'report.pdf', bytes: PNG }]), '文件内容与扩展名不符，请上传真实的.pdf文件');
    // and the English message for an English client
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(text)]), 'photo.png');
    const en = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': teacher, 'Accept-Language': 'en', 'X-Forwarded-For': randomIp() }, body: form });
    const enBody = (await en.json()) as Envelope<unknown>;
    expect(enBody.result).toBe(false);
    expect(enBody.msg).toMatch(/\.png/);
    expect(enBody.msg).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses an empty file', async () => {
    expectRefused(await upload(teacher, [{ name: 'empty.png', bytes: Buffer.alloc(0) }]), '上传文件大小不能为0');
  });

  it('refuses a request without a file', async () => {
    const res = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Access-Token': teacher, 'X-Forwarded-For': randomIp() }, body: new FormData() });
    const body = (await res.json()) as Envelope<unknown>;
    expect(body).toMatchObject({ code: 400, result: false, msg: '请选择要上传的文件' });
  });

  it('applies the maxSize (KB) rule of the asking widget', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    expectRefused(await upload(teacher, [{ name: 'big.png', bytes: big }], '?maxSize=1'), '上传文件大小不能超过1KB');
    // the same file under a limit it fits in is taken
    await uploadOne(teacher, 'big.png', big, '?maxSize=3');
  });

  it('applies the types rule, and refuses unknown extensions by default', async () => {
    expectRefused(await upload(teacher, [{ name: 'photo.png', bytes: PNG }], '?types=.pdf'), '只能上传.pdf类型的文件');
    expectRefused(await upload(teacher, [{ name: 'photo.png', bytes: PNG }], `?types=${encodeURIComponent('.jpg, .JPEG')}`), '只能上传.jpg,.jpeg类型的文件');
    const exe = await upload(teacher, [{ name: 'tool.exe', bytes: Buffer.from('MZ\x90\x00', 'latin1') }]);
    expect(exe.body.result).toBe(false);
    expect(exe.body.msg).toMatch(/^只能上传.*\.png.*\.pdf.*类型的文件$/);
    // a name with no extension at all
    expect((await upload(teacher, [{ name: 'README', bytes: PNG }])).body.msg).toMatch(/^只能上传.*类型的文件$/);
    await uploadOne(teacher, 'photo.png', PNG, '?types=.jpg,.png');
  });

  it('applies the limit (number of files) rule; within the limit all files are stored', async () => {
    const three = [1, 2, 3].map((i) => ({ name: `p${i}.png`, bytes: PNG }));
    expectRefused(await upload(teacher, three, '?limit=2'), '上传的文件不能超过2个');
    const two = await upload(teacher, three.slice(0, 2), '?limit=2');
    expect(two.body.result).toBe(true);
    expect(two.body.data?.map((f) => `${f.resName}${f.resSuffix}`)).toEqual(['p1.png', 'p2.png']);
  });

  it('refuses the whole batch when one file is bad (nothing of it is stored)', async () => {
    const before = await withDb(async (c) => (await c.query<{ n: string }>(`SELECT count(*) AS n FROM sys_file`)).rows[0]?.n);
    const res = await upload(teacher, [
      { name: 'good.png', bytes: PNG },
      { name: 'bad.pdf', bytes: Buffer.from('hello') },
    ]);
    expectRefused(res, '文件内容与扩展名不符，请上传真实的.pdf文件');
    const after = await withDb(async (c) => (await c.query<{ n: string }>(`SELECT count(*) AS n FROM sys_file`)).rows[0]?.n);
    expect(after).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)]), 'photo.png');
    const res = await fetch(`${baseUrl()}/server/file/upload`, { method: 'POST', headers: { 'X-Forwarded-For': randomIp() }, body: form });
    expect(res.status).toBe(401);
  });
});

describe('files: names cannot escape the storage folder', () => {
  it("takes '../../etc/passwd.png' but stores it under a generated name, and answers the cleaned name", async () => {
    const outside = [resolve(FILES_DIR, '../../etc/passwd.png'), resolve(FILES_DIR, '../etc/passwd.png'), resolve(FILES_DIR, '../passwd.png'), '/etc/passwd.png'];
    for (const p of outside) expect(existsSync(p)).toBe(false);
    // Outside the store and the receiving folder: that one holds the uploads in flight of the servers of the other Jest
    // workers, which share DATA_DIR, under names the server makes (a file there came and went during this test once,
    // 2026-12-01). No name a client sends can reach it.
    const outsideStore = (p: string) => !p.startsWith('files/') && !p.startsWith('incoming/');
    const beforeOutside = filesUnder(DATA_DIR).filter(outsideStore);

    for (const name of ['../../etc/passwd.png', '..\\..\\windows\\evil.png', '/abs/path/x.png']) {
      const stored = await uploadOne(teacher, name, PNG);
      expect(`${stored.resName}${stored.resSuffix}`).not.toMatch(/[\\/]|\.\./);
      const row = await withDb(async (c) => (await c.query<{ res_name: string; storage_name: string }>(`SELECT res_name, storage_name FROM sys_file WHERE res_id = $1`, [stored.resId])).rows[0]);
      expect(row?.res_name).not.toMatch(/[\\/]/);
      expect(row?.storage_name).toMatch(/^[0-9a-f-]{36}$/);
      // the bytes sit in DATA_DIR/files under the generated name
      expect(existsSync(join(FILES_DIR, row?.storage_name as string))).toBe(true);
    }
    const first = await withDb(async (c) => (await c.query<{ res_name: string; res_suffix: string }>(`SELECT res_name, res_suffix FROM sys_file WHERE owner_id = (SELECT id FROM sys_user WHERE account = 'teacher') AND res_name = 'passwd' ORDER BY created_at DESC LIMIT 1`)).rows[0]);
    expect(first).toEqual({ res_name: 'passwd', res_suffix: '.png' });

    // nothing was written outside DATA_DIR/files
    for (const p of outside) expect(existsSync(p)).toBe(false);
    expect(filesUnder(DATA_DIR).filter(outsideStore)).toEqual(beforeOutside);
    expect(filesUnder(FILES_DIR).every((p) => !p.includes('/'))).toBe(true);
  });

  it('downloads it under the cleaned name', async () => {
    const stored = await uploadOne(teacher, '../../etc/passwd.png', PNG);
    expect(stored).toMatchObject({ resName: 'passwd', resSuffix: '.png' });
    const dl = await download(teacher, stored.resId);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('image/png');
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="passwd.png"; filename*=UTF-8''passwd.png`);
    expect(Buffer.from(await dl.arrayBuffer()).equals(PNG)).toBe(true);
  });
});

describe('files: owner, others, download', () => {
  it('downloads with the original (Chinese) name and the detected type', async () => {
    const stored = await uploadOne(teacher, '2025学期总结 (终稿).pdf', PDF, '?types=.pdf');
    expect(stored).toMatchObject({ resName: '2025学期总结 (终稿)', resSuffix: '.pdf' });
    const dl = await download(teacher, stored.resId);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    const cd = dl.headers.get('content-disposition') ?? '';
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent('2025学期总结 (终稿).pdf')}`);
    // the plain filename= is an ASCII stand-in
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; /);
    expect(Buffer.from(await dl.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await getFiles(teacher, [stored.resId])).body.data).toEqual([stored]);
  });

  it("keeps another user's private file from someone else: download 404, getFiles leaves it out, remove refused", async () => {
    const mine = await uploadOne(teacher, '私人照片.png', PNG);
    const theirs = await uploadOne(student, 'student.png', PNG);

    const dl = await download(student, mine.resId);
    expect(dl.status).toBe(404);
    const dlBody = (await dl.json()) as Envelope<unknown>;
    expect(dlBody).toMatchObject({ result: false, code: 404 });
    expect(dlBody.msg).not.toContain('私人照片');

    // getFiles answers only what the asker may see
    const listed = await getFiles(student, [mine.resId, theirs.resId]);
    expect(listed.body.result).toBe(true);
    expect(listed.body.data).toEqual([theirs]);
    expect((await call<Stored[]>('/file/getFiles', { token: student, json: { resId: mine.resId } })).body.data).toEqual([]);

    const removed = await call(`/file/remove/${mine.resId}`, { token: student, method: 'POST' });
    // not the owner and not allowed to see it: not found (its existence is not told)
    expect({ status: removed.status, result: removed.body.result }).toEqual({ status: 404, result: false });
    // still there for its owner
    expect((await download(teacher, mine.resId)).status).toBe(200);
    expect((await getFiles(teacher, [mine.resId])).body.data).toEqual([mine]);

    // unknown and malformed ids are simply not found
    expect((await download(teacher, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await download(teacher, '..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('lets the owner remove a file: afterwards it is gone for everyone', async () => {
    const f = await uploadOne(teacher, 'to-remove.png', PNG);
    const removed = await call(`/file/remove/${f.resId}`, { token: teacher, method: 'POST' });
    expect(removed.body).toMatchObject({ code: 200, result: true, msg: '删除成功' });
    expect((await download(teacher, f.resId)).status).toBe(404);
    expect((await getFiles(teacher, [f.resId])).body.data).toEqual([]);
    const again = await call(`/file/remove/${f.resId}`, { token: teacher, method: 'POST' });
    expect(again.body.result).toBe(false);
    expect(again.status).toBe(404);
  });
});
