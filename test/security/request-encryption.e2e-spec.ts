import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, ApiPath, type AppConfig, type LoginResult, type PermissionInfo, publicKeyFromWire, type RequestEncryptionSetting, SIGN_HEADER } from '@schoolflow/contracts';
import * as XLSX from '@e965/xlsx';
import { call, DEMO_PASSWORD, randomIp, withDb } from '../support/api.js';
import { encryptedCall, encryptedLogin, seal } from '../support/encrypted-api.js';
import { type Instance, startInstance, stopInstance } from '../support/instances.js';
import { eventually } from '../support/browser.js';

// Request encryption (docs/adr/0036-request-encryption.md) on two app instances started with REQUEST_ENCRYPT on, on the
// worker's database and one Redis prefix, as instances behind the balancer are: the key is shared, a sign used on
// one is refused on the other.

let a: Instance;
let b: Instance;
const shared = process.env.E2E_BASE_URL;

/** Runs calls against one instance (the helpers target E2E_BASE_URL). */
async function on<T>(i: Instance, work: () => Promise<T>): Promise<T> {
  process.env.E2E_BASE_URL = i.url;
  try {
    return await work();
  } finally {
    process.env.E2E_BASE_URL = a.url;
  }
}

async function refusalsLogged(reason: string, target: string): Promise<number> {
  return withDb(async (c) => {
    const rows = await c.query<{ n: string }>(`SELECT count(*) AS n FROM sys_operation_log WHERE action = 'security.signRefused' AND result = 'denied' AND detail->>'sign' = $1 AND target = $2`, [reason, target]);
    return Number(rows.rows[0]?.n ?? 0);
  });
}

let teacher: { token: string; userId: string };
let admin: { token: string; userId: string };

beforeAll(async () => {
  const db = process.env.E2E_DATABASE_URL as string;
  const prefix = `enc-${Date.now().toString(36)}`;
  [a, b] = await Promise.all([startInstance(db, prefix, { REQUEST_ENCRYPT: 'true' }), startInstance(db, prefix, { REQUEST_ENCRYPT: 'true' })]);
  process.env.E2E_BASE_URL = a.url;
  teacher = await encryptedLogin('teacher', DEMO_PASSWORD, randomIp());
  admin = await encryptedLogin('admin', DEMO_PASSWORD, randomIp());
}, 120_000);

afterAll(async () => {
  process.env.E2E_BASE_URL = shared;
  await Promise.all([stopInstance(a), stopInstance(b)]);
}, 60_000);

describe('the key', () => {
  it('security/get answers before sign-in, in plain: the X25519 key with one filler character at index 10, the same on every instance', async () => {
    const answers = await Promise.all([a, a, b].map((i) => on(i, () => call<string>('/api/security/get', { method: 'POST' }))));
    const keys = answers.map((r) => {
      expect({ status: r.status, result: r.body.result, type: typeof r.body.data }).toEqual({ status: 200, result: true, type: 'string' });
      const wire = r.body.data as string;
      expect(wire).toHaveLength(45);
      const key = publicKeyFromWire(wire);
      expect(Buffer.from(key, 'base64')).toHaveLength(32);
      expect(Buffer.from(key, 'base64').toString('base64')).toBe(key);
      return key;
    });
    expect(new Set(keys).size).toBe(1);
    // …and the same as the worker's own server on this database answers, which runs with encryption off
    process.env.E2E_BASE_URL = shared;
    const plainServer = await call<string>('/api/security/get', { method: 'POST' });
    process.env.E2E_BASE_URL = a.url;
    expect(publicKeyFromWire(plainServer.body.data ?? '')).toBe(keys[0]);
  });

  it('app-config says REQUEST_ENCRYPT, in plain', async () => {
    const res = await call<AppConfig>(ApiPath.appConfig);
    expect(res.body.data?.REQUEST_ENCRYPT).toBe(true);
  });
});

describe('encrypted calls', () => {
  it('the sign-in form travels sealed and its answer is ciphertext carrying the token and the user', async () => {
    const res = await encryptedCall<LoginResult>(ApiPath.login, { form: { username: 'student', password: DEMO_PASSWORD }, ip: randomIp() });
    expect(res.status).toBe(200);
    expect(res.encrypted).toBe(true);
    expect(Object.keys(res.raw as object)).toEqual(['data']);
    expect(res.body.result).toBe(true);
    expect(res.body.data?.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(JSON.stringify(res.raw)).not.toContain(res.body.data?.token ?? '-');
    expect(res.body.data?.userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a JSON call works and its answer is ciphertext; so is a refusal of a handler or a guard, with its status', async () => {
    const perm = await encryptedCall<PermissionInfo>(ApiPath.getPermission, { token: teacher.token, userId: teacher.userId });
    expect({ status: perm.status, encrypted: perm.encrypted, account: perm.body.data?.userInfo.userId }).toEqual({ status: 200, encrypted: true, account: 'teacher' });
    expect(perm.body.data?.userInfo.id).toBe(teacher.userId);
    const messages = await encryptedCall<{ count: { UNREAD: number } }>('/api/message/info/getInfoByRecipient', { token: teacher.token, json: { page: 1, size: 10, status: '0' } });
    expect({ status: messages.status, encrypted: messages.encrypted, result: messages.body.result, unread: typeof messages.body.data?.count.UNREAD }).toEqual({ status: 200, encrypted: true, result: true, unread: 'number' });
    // no session: the guard's refusal, sealed
    const anonymous = await encryptedCall(ApiPath.getPermission, {});
    expect({ status: anonymous.status, encrypted: anonymous.encrypted, code: anonymous.body.code }).toEqual({ status: 401, encrypted: true, code: 50000 });
    // a teacher at an administrator's page: 403, sealed
    const forbidden = await encryptedCall(AdminPath.requestEncryptionGet, { token: teacher.token, json: {} });
    expect({ status: forbidden.status, encrypted: forbidden.encrypted, code: forbidden.body.code }).toEqual({ status: 403, encrypted: true, code: 403 });
  });

  it('the permission read may name nobody (a page holding only a token); other calls may not', async () => {
    const perm = await encryptedCall<PermissionInfo>(ApiPath.getPermission, { token: teacher.token, userId: '' });
    expect({ status: perm.status, id: perm.body.data?.userInfo.id }).toEqual({ status: 200, id: teacher.userId });
    const other = await encryptedCall('/api/message/info/getInfoByRecipient', { token: teacher.token, userId: '', json: { page: 1, size: 10 } });
    expect({ status: other.status, encrypted: other.encrypted, sign: (other.body.data as { sign?: string })?.sign }).toEqual({ status: 400, encrypted: false, sign: 'user' });
  });

  it('uploads stay multipart (sign required) and their answer is sealed; binary downloads stay plain', async () => {
    // a binary answer is not an envelope: fetched as bytes, with a seal of its own
    const sealed = await seal({ userId: admin.userId, json: {} });
    const download = await fetch(`${a.url}/server${AdminPath.userTemplate}`, { method: 'POST', headers: { 'X-Access-Token': admin.token, 'Content-Type': 'application/json', [SIGN_HEADER]: sealed.sign }, body: sealed.body });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('spreadsheetml');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(XLSX.read(bytes).SheetNames).toHaveLength(1);

    // the empty template back as an import: the handler reads the multipart stream and refuses an empty file, sealed
    const upload = await seal({ userId: admin.userId });
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'users.xlsx');
    const res = await fetch(`${a.url}/server${AdminPath.userImport}`, { method: 'POST', headers: { 'X-Access-Token': admin.token, [SIGN_HEADER]: upload.sign, 'Accept-Language': 'en' }, body: form });
    const raw = (await res.json()) as { data: string };
    expect(Object.keys(raw)).toEqual(['data']);
    const { decryptResponseBody } = await import('../../apps/web/src/api/request-crypto.js');
    const answer = JSON.parse(decryptResponseBody(upload.bodyKey, raw.data)) as { result: boolean; msg: string };
    expect({ status: res.status, result: answer.result, msg: answer.msg }).toEqual({ status: 400, result: false, msg: 'Import failed: the file is empty' });

    // and a multipart upload without a sign is refused like any call
    const unsigned = await fetch(`${a.url}/server${AdminPath.userImport}`, { method: 'POST', headers: { 'X-Access-Token': admin.token }, body: form });
    expect(((await unsigned.json()) as { data?: { sign?: string } }).data?.sign).toBe('missing');
  });
});

describe('refusals: plain, localised, logged, nothing else written', () => {
  it('a plain call is refused (form sign-in, JSON), in the caller’s language, and logged', async () => {
    const before = await refusalsLogged('missing', `POST ${ApiPath.login}`);
    const zh = await call(ApiPath.login, { form: { username: 'teacher', password: DEMO_PASSWORD }, lang: 'zh' });
    expect({ status: zh.status, code: zh.body.code, result: zh.body.result, data: zh.body.data }).toEqual({ status: 400, code: 400, result: false, data: { sign: 'missing' } });
    expect(zh.body.msg).toBe('请求缺少加密签名，请刷新页面后重试');
    const en = await call(ApiPath.login, { form: { username: 'teacher', password: DEMO_PASSWORD }, lang: 'en' });
    expect(en.body.msg).toBe('The request is not signed for encryption; please reload the page');
    expect(zh.body.data).not.toHaveProperty('token');
    await eventually(async () => expect(await refusalsLogged('missing', `POST ${ApiPath.login}`)).toBe(before + 2));
    const json = await call('/api/message/info/getInfoByRecipient', { token: teacher.token, json: { page: 1, size: 10 } });
    expect({ status: json.status, sign: (json.body.data as { sign: string }).sign }).toEqual({ status: 400, sign: 'missing' });
  });

  it('a signed call whose body is plain (or sealed under another key) is refused', async () => {
    const sealed = await seal({ userId: teacher.userId });
    const plainBody = await call('/api/message/info/getInfoByRecipient', { token: teacher.token, json: { page: 1, size: 10 }, headers: { [SIGN_HEADER]: sealed.sign } });
    expect({ status: plainBody.status, sign: (plainBody.body.data as { sign: string }).sign }).toEqual({ status: 400, sign: 'body' });
    const otherKey = await seal({ userId: teacher.userId, json: { page: 1 } });
    const mine = await seal({ userId: teacher.userId });
    const swapped = await call('/api/message/info/getInfoByRecipient', { token: teacher.token, rawBody: otherKey.body, headers: { [SIGN_HEADER]: mine.sign } });
    expect((swapped.body.data as { sign: string }).sign).toBe('body');
    const form = await seal({ userId: '' });
    const formBody = await call(ApiPath.login, { form: { username: 'teacher', password: DEMO_PASSWORD }, headers: { [SIGN_HEADER]: form.sign } });
    expect((formBody.body.data as { sign: string }).sign).toBe('body');
  });

  it('a bad sign is refused', async () => {
    for (const sign of ['garbage', Buffer.alloc(80, 7).toString('base64')]) {
      const res = await call(ApiPath.getPermission, { token: teacher.token, headers: { [SIGN_HEADER]: sign } });
      expect({ status: res.status, sign: (res.body.data as { sign: string }).sign }).toEqual({ status: 400, sign: 'invalid' });
    }
  });

  it('a reused sign is refused, on the same instance and on another', async () => {
    const sealed = await seal({ userId: teacher.userId, json: { page: 1, size: 10, status: '0' } });
    const first = await encryptedCall('/api/message/info/getInfoByRecipient', { token: teacher.token, sealed });
    expect({ status: first.status, result: first.body.result }).toEqual({ status: 200, result: true });
    const again = await encryptedCall('/api/message/info/getInfoByRecipient', { token: teacher.token, sealed });
    expect({ status: again.status, encrypted: again.encrypted, sign: (again.body.data as { sign: string }).sign }).toEqual({ status: 400, encrypted: false, sign: 'replayed' });
    expect(again.body.msg).toBe('此请求已处理过，不能重复提交');
    const elsewhere = await on(b, () => encryptedCall('/api/message/info/getInfoByRecipient', { token: teacher.token, sealed }));
    expect({ status: elsewhere.status, sign: (elsewhere.body.data as { sign: string }).sign }).toEqual({ status: 400, sign: 'replayed' });
    await eventually(async () => expect(await refusalsLogged('replayed', 'POST /api/message/info/getInfoByRecipient')).toBeGreaterThanOrEqual(2));
  });

  it('a sign 10 minutes old (or ahead) is refused and writes nothing', async () => {
    const target = `POST ${AdminPath.requestEncryptionSave}`;
    const before = await refusalsLogged('stale', target);
    for (const at of [Date.now() - 10 * 60_000, Date.now() + 10 * 60_000]) {
      const res = await encryptedCall(AdminPath.requestEncryptionSave, { token: admin.token, json: { requestEncrypt: false }, at, lang: 'en' });
      expect({ status: res.status, encrypted: res.encrypted, sign: (res.body.data as { sign: string }).sign }).toEqual({ status: 400, encrypted: false, sign: 'stale' });
      expect(res.body.msg).toBe('The request’s time is too far from the server’s; please check this device’s clock');
    }
    const setting = await encryptedCall<RequestEncryptionSetting>(AdminPath.requestEncryptionGet, { token: admin.token, json: {} });
    expect(setting.body.data).toEqual({ enabled: true, defaultValue: true, override: null });
    await eventually(async () => expect(await refusalsLogged('stale', target)).toBe(before + 2));
    const rows = await withDb((c) => c.query<{ user_id: string }>(`SELECT user_id FROM sys_operation_log WHERE action = 'security.signRefused' AND target = $1 ORDER BY id DESC LIMIT 1`, [target]));
    expect(rows.rows[0]?.user_id).toBe(admin.userId);
  });

  it('a sign naming another user than the session’s is refused', async () => {
    const res = await encryptedCall(ApiPath.getPermission, { token: teacher.token, userId: admin.userId });
    expect({ status: res.status, sign: (res.body.data as { sign: string }).sign }).toEqual({ status: 400, sign: 'user' });
  });
});

describe('plain paths', () => {
  it('/anon/**, /file/**, /api/wjdc/wjdt/**, health and the key travel plain, unsigned', async () => {
    for (const [path, init] of [
      [ApiPath.appConfig, {}],
      ['/health', {}],
      ['/health/live', {}],
      ['/api/security/get', { method: 'POST' as const }],
      ['/file/getFiles', { token: teacher.token, json: { resIds: [] } }],
    ] as const) {
      const res = await call(path, init);
      expect({ path, status: res.status, plain: 'code' in res.body }).toEqual({ path, status: 200, plain: true });
    }
    // no such page under wjdc/wjdt: the router's 404, not a sign refusal
    const wjdt = await call('/api/wjdc/wjdt/list', { token: teacher.token, json: {} });
    expect({ status: wjdt.status, code: wjdt.body.code }).toEqual({ status: 404, code: 404 });
  });
});

describe('the switch in the system configuration', () => {
  it('a bad value is refused in the caller\'s language and changes nothing', async () => {
    const before = await withDb((c) => c.query<{ n: string }>(`SELECT count(*) AS n FROM sys_config WHERE key = 'security.requestEncrypt'`));
    for (const json of [{ requestEncrypt: 'yes' }, {}, { requestEncrypt: 1 }, []]) {
      const res = await encryptedCall(AdminPath.requestEncryptionSave, { token: admin.token, json, lang: 'en' });
      expect({ status: res.status, code: res.body.code, result: res.body.result }).toEqual({ status: 400, code: 400, result: false });
      expect(res.body.msg).toMatch(/[a-z]/i);
    }
    const after = await withDb((c) => c.query<{ n: string }>(`SELECT count(*) AS n FROM sys_config WHERE key = 'security.requestEncrypt'`));
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect((await call<AppConfig>(ApiPath.appConfig)).body.data?.REQUEST_ENCRYPT).toBe(true);
  });

  it('an administrator turns encryption off: every instance follows, plain calls pass; back to the default, they are refused again', async () => {
    const off = await encryptedCall<RequestEncryptionSetting>(AdminPath.requestEncryptionSave, { token: admin.token, json: { requestEncrypt: false } });
    expect({ status: off.status, encrypted: off.encrypted, data: off.body.data }).toEqual({ status: 200, encrypted: true, data: { enabled: false, defaultValue: true, override: false } });
    try {
      // the other instance hears of it from the database
      await on(b, () => eventually(async () => expect((await call<AppConfig>(ApiPath.appConfig)).body.data?.REQUEST_ENCRYPT).toBe(false)));
      const plain = await on(b, () => call(ApiPath.getPermission, { token: teacher.token }));
      expect({ status: plain.status, result: plain.body.result }).toEqual({ status: 200, result: true });
      // a page that still encrypts keeps working
      const sealedStill = await on(b, () => encryptedCall(ApiPath.getPermission, { token: teacher.token, userId: teacher.userId }));
      expect({ status: sealedStill.status, encrypted: sealedStill.encrypted }).toEqual({ status: 200, encrypted: true });
      const logged = await withDb((c) => c.query<{ n: string }>(`SELECT count(*) AS n FROM sys_operation_log WHERE action = 'config.requestEncryption' AND user_id = $1`, [admin.userId]));
      expect(Number(logged.rows[0]?.n)).toBeGreaterThanOrEqual(1);
    } finally {
      const back = await call<RequestEncryptionSetting>(AdminPath.requestEncryptionSave, { token: admin.token, json: { requestEncrypt: null } });
      expect(back.body.data).toEqual({ enabled: true, defaultValue: true, override: null });
    }
    await on(b, () => eventually(async () => expect((await call<AppConfig>(ApiPath.appConfig)).body.data?.REQUEST_ENCRYPT).toBe(true)));
    const refused = await on(b, () => call(ApiPath.getPermission, { token: teacher.token }));
    expect((refused.body.data as { sign: string }).sign).toBe('missing');
  });
});
