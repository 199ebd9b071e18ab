import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Instance } from '../support/instances.js';
import { isolatedApp, loginAt } from '../support/instances.js';

/**
 * Hardening, finding 2: uploads were buffered whole in memory before any check, by any signed-in user — twenty 99 MB
 * files with maxSize=1024 took the server to 2.1 GB before its 400. Now the limits apply while the bytes arrive:
 * the refusal comes at the limit, the rest is not read, memory stays flat, and each user has at most two uploads
 * under way. An instance of its own, so its peak memory is this test's alone.
 */
const app = isolatedApp();
let instance: Instance;
let token: string;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

beforeAll(async () => {
  instance = await app.start();
  token = await loginAt(instance.url, 'student');
}, 120_000);
afterAll(async () => {
  await app.stop();
}, 60_000);

/** Peak resident memory of the server process so far (kB), as the kernel counts it. */
function peakKb(): number {
  const status = readFileSync(`/proc/${instance.child.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
}

interface Answer {
  status: number;
  body: { code: number; result: boolean; msg: string; data?: unknown };
  /** Body bytes the client had written when the answer came. */
  sentBeforeAnswer: number;
}

/**
 * Streams a multipart body of `files` (each `size` bytes: a PNG signature, then zeros) to /file/upload, writing as
 * fast as the server reads, and stops at the answer. `hold` keeps the request open after the first file's header.
 */
function upload(query: string, files: { name: string; size: number }[], hold?: Promise<void>): Promise<Answer> {
  const boundary = 'sfboundary';
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${instance.url}/server/file/upload${query}`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'X-Access-Token': token, 'Transfer-Encoding': 'chunked' },
    });
    req.on('response', (res) => {
      answered = true;
      const at = sent;
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Answer['body'], sentBeforeAnswer: at }));
    });
    req.on('error', (err) => {
      if (!answered) reject(err); // after the answer the server closing its end is expected
    });
    const chunk = Buffer.alloc(256 * 1024);
    const write = (b: Buffer): Promise<void> =>
      new Promise((ok) => {
        if (answered || req.destroyed) return ok();
        sent += b.length;
        if (req.write(b)) ok();
        else req.once('drain', () => ok());
      });
    void (async () => {
      for (const [i, f] of files.entries()) {
        await write(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: image/png\r\n\r\n`));
        await write(PNG);
        if (i === 0 && hold) await hold;
        let left = f.size - PNG.length;
        while (left > 0 && !answered) {
          const n = Math.min(left, chunk.length);
          await write(chunk.subarray(0, n));
          left -= n;
        }
        await write(Buffer.from('\r\n'));
      }
      await write(Buffer.from(`--${boundary}--\r\n`));
      if (!answered) req.end();
    })();
  });
}

describe('uploads are checked as they arrive', () => {
  it('five 60 MB files with maxSize=1024 are refused at the first one\'s limit: little is read, memory stays flat, nothing is kept', async () => {
    const before = peakKb();
    const answer = await upload('?maxSize=1024', Array.from({ length: 5 }, (_, i) => ({ name: `big${i}.png`, size: 60 * 1024 * 1024 })));
    const after = peakKb();
    process.stdout.write(`upload limit: answered after ${(answer.sentBeforeAnswer / 1048576).toFixed(1)} MB sent of 300 MB; server peak memory ${before} → ${after} kB\n`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, result: false, msg: '上传文件大小不能超过1024KB' });
    expect(answer.sentBeforeAnswer).toBeLessThan(32 * 1024 * 1024);
    expect(after - before).toBeLessThan(64 * 1024);
  });

  it('at most 20 files per request, whatever the widget asks (limit=0 means the widget sets none)', async () => {
    const answer = await upload('?limit=0', Array.from({ length: 25 }, (_, i) => ({ name: `p${i}.png`, size: 100 })));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('上传的文件不能超过20个');
  });

  it('the type is checked before the bytes: a refused extension is answered at once', async () => {
    const answer = await upload('?types=.jpg', [{ name: 'x.png', size: 50 * 1024 * 1024 }]);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('只能上传.jpg类型的文件');
    expect(answer.sentBeforeAnswer).toBeLessThan(16 * 1024 * 1024);
  });

  it('a user has at most two uploads under way; a third is refused with 429 until one ends', async () => {
    let release: () => void = () => undefined;
    const hold = new Promise<void>((r) => (release = r));
    const slow = [upload('', [{ name: 'a.png', size: 1000 }], hold), upload('', [{ name: 'b.png', size: 1000 }], hold)];
    await new Promise((r) => setTimeout(r, 500)); // both are under way, held after their first bytes
    const third = await upload('', [{ name: 'c.png', size: 1000 }]);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ code: 429, result: false, msg: '您已有 2 个文件正在上传，请等其完成后再试' });
    release();
    for (const a of await Promise.all(slow)) expect(a.status).toBe(200);
    expect((await upload('', [{ name: 'd.png', size: 1000 }])).status).toBe(200);
  });

  it('bidirectional and zero-width characters are stripped from a name ("abc\\u202Egnp.exe.png" would read as "abcexe.png…")', async () => {
    const answer = await upload('', [{ name: 'abc\u202egnp.exe\u200b.png', size: 100 }]);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([{ resId: expect.any(String), resName: 'abcgnp.exe', resSuffix: '.png' }]);
  });
});
