import { describe, expect, it } from '@jest/globals';
import { hash } from '@node-rs/argon2';
import { legacyPasswordDigest } from '@schoolflow/contracts';
import { call, DEMO_ACCOUNTS, DEMO_PASSWORD, login, randomIp, withDb } from '../support/api.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function lastLog(account: string): Promise<{ action: string; result: string; detail: { reason?: string } } | undefined> {
  return withDb(async (c) => (await c.query(`SELECT action, result, detail FROM sys_operation_log WHERE account = $1 ORDER BY id DESC LIMIT 1`, [account])).rows[0]);
}

describe('POST /api/login/v3', () => {
  it.each(DEMO_ACCOUNTS)('signs in demo account %s with the demo password', async (account) => {
    const res = await call<{ token: string; headerName: string }>('/api/login/v3', { form: { username: account, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, result: true, msg: '登录成功' });
    expect(res.body.data?.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.data?.headerName).toBe('X-Access-Token');
    expect(await lastLog(account)).toMatchObject({ action: 'login', result: 'success' });
  });

  it('accepts JSON as well as a form', async () => {
    const res = await call('/api/login/v3', { json: { username: 'teacher', password: DEMO_PASSWORD } });
    expect(res.body.result).toBe(true);
  });

  it('answers wrong password and unknown account with the same message, not saying which', async () => {
    const wrongPassword = await call('/api/login/v3', { form: { username: 'principal', password: 'Wrong-pass1' } });
    const unknownAccount = await call('/api/login/v3', { form: { username: 'nobody_here', password: DEMO_PASSWORD } });
    expect(wrongPassword.body).toEqual({ code: 401, result: false, msg: '账号或密码错误' });
    expect(unknownAccount.body).toEqual(wrongPassword.body);
    expect(wrongPassword.status).toBe(401);
    expect(await lastLog('principal')).toMatchObject({ action: 'login', result: 'failure', detail: { reason: 'wrong_password' } });
    expect(await lastLog('nobody_here')).toMatchObject({ result: 'failure', detail: { reason: 'unknown_account' } });
  });

  it('answers in English when the client language is en', async () => {
    const res = await call('/api/login/v3', { form: { username: 'principal', password: 'Wrong-pass1' }, lang: 'en' });
    expect(res.body.msg).toBe('Incorrect account or password');
  });

  it.each([
    [{}, '请输入用户名'],
    [{ username: 'admin' }, '请输入密码'],
    [{ username: '   ', password: DEMO_PASSWORD }, '请输入用户名'],
    [{ username: 'admin', password: 'abcd' }, '密码不能少于5位'],
    [{ username: 'admin', password: 'a'.repeat(51) }, '密码不能超过50个字符'],
    [{ username: 'a'.repeat(51), password: DEMO_PASSWORD }, '用户名不能超过50个字符'],
  ])('refuses bad input %j with a clear message', async (form, msg) => {
    const res = await call('/api/login/v3', { form: form as Record<string, string> });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: false, msg });
  });

  it('refuses malformed JSON with the envelope, not a stack trace', async () => {
    const res = await call('/api/login/v3', { rawBody: '{"username": ', contentType: 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, result: false, msg: '请求参数有误' });
  });

  it('handles Chinese and emoji account names as ordinary unknown accounts', async () => {
    for (const username of ['张三', '学生😀', '👩‍🎓']) {
      const res = await call('/api/login/v3', { form: { username, password: DEMO_PASSWORD } });
      expect(res.body).toEqual({ code: 401, result: false, msg: '账号或密码错误' });
    }
    expect(await lastLog('学生😀')).toMatchObject({ result: 'failure', detail: { reason: 'unknown_account' } });
  });

  it('signs in an account whose name is Chinese', async () => {
    const account = '张老师_2026';
    const stored = await hash(await legacyPasswordDigest('schoolflow:', account, DEMO_PASSWORD), { algorithm: 2 });
    await withDb((c) => c.query(`INSERT INTO sys_user (account, name, user_type, password_hash) VALUES ($1, '张老师', '3', $2)`, [account, stored]));
    const res = await call<{ token: string }>('/api/login/v3', { form: { username: account, password: DEMO_PASSWORD } });
    expect(res.body).toMatchObject({ code: 200, result: true });
    expect(await lastLog(account)).toMatchObject({ action: 'login', result: 'success' });
  });

  it('locks an account after 5 wrong passwords, answers the same message while locked, unlocks after the lock time', async () => {
    const account = 'teacher02';
    for (let i = 0; i < 5; i++) {
      const res = await call('/api/login/v3', { form: { username: account, password: `Wrong-${i}-pass` } });
      expect(res.body.msg).toBe('账号或密码错误');
    }
    const whileLocked = await call('/api/login/v3', { form: { username: account, password: DEMO_PASSWORD } });
    expect(whileLocked.body).toEqual({ code: 401, result: false, msg: '账号或密码错误' });
    expect(await lastLog(account)).toMatchObject({ result: 'failure', detail: { reason: 'locked' } });
    await sleep(3500); // LOGIN_LOCK_SECONDS=3 in the test server
    const afterLock = await call('/api/login/v3', { form: { username: account, password: DEMO_PASSWORD } });
    expect(afterLock.body.result).toBe(true);
  });

  it('failed sign-ins count only within the window: three of last week and two of today do not lock (hardening)', async () => {
    const ip = randomIp();
    const wrong = () => call('/api/login/v3', { form: { username: '202311029', password: 'wrong-pass' }, ip: randomIp() });
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(401);
    await withDb((c) => c.query(`UPDATE sys_user SET last_failed_at = now() - interval '7 days' WHERE account = '202311029'`));
    for (let i = 0; i < 2; i++) expect((await wrong()).status).toBe(401);
    const state = await withDb(async (c) => (await c.query(`SELECT failed_attempts, locked_until FROM sys_user WHERE account = '202311029'`)).rows[0]);
    expect(state).toEqual({ failed_attempts: 2, locked_until: null });
    expect(await login('202311029', DEMO_PASSWORD, ip)).toBeTruthy();
    // a success resets the count
    const after = await withDb(async (c) => (await c.query(`SELECT failed_attempts, last_failed_at FROM sys_user WHERE account = '202311029'`)).rows[0]);
    expect(after).toEqual({ failed_attempts: 0, last_failed_at: null });
  });

  it('limits sign-in attempts per address (12 per minute in the test server) and logs the refusal', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      statuses.push((await call('/api/login/v3', { form: { username: 'nobody', password: 'whatever1' }, ip })).status);
    }
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(12)).toEqual([429, 429]);
    const limited = await call('/api/login/v3', { form: { username: 'admin', password: DEMO_PASSWORD }, ip, lang: 'en' });
    expect(limited.body).toEqual({ code: 429, result: false, msg: 'Too many requests, please try again later' });
    // another address is not affected
    expect((await call('/api/login/v3', { form: { username: 'admin', password: DEMO_PASSWORD } })).body.result).toBe(true);
    const denied = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_operation_log WHERE ip = $1 AND result = 'denied'`, [ip])).rows[0] as { n: number });
    expect(denied.n).toBeGreaterThanOrEqual(3);
  });

  it('never stores or logs the password as sent', async () => {
    const marker = 'Unique-Marker-Pw-9';
    await call('/api/login/v3', { form: { username: 'admin', password: marker } });
    const hits = await withDb(async (c) => {
      const logs = await c.query(`SELECT count(*)::int AS n FROM sys_operation_log WHERE detail::text LIKE $1 OR coalesce(target, '') LIKE $1`, [`%${marker}%`]);
      const users = await c.query(`SELECT password_hash FROM sys_user WHERE account = 'admin'`);
      return { logs: (logs.rows[0] as { n: number }).n, hash: (users.rows[0] as { password_hash: string }).password_hash };
    });
    expect(hits.logs).toBe(0);
    expect(hits.hash.startsWith('$argon2id$')).toBe(true);
  });

});
