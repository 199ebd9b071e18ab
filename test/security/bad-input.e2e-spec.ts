import { describe, expect, it } from '@jest/globals';
import { AdminPath, ApiPath } from '@schoolflow/contracts';
import { call, login, randomIp, withDb } from '../support/api.js';
import { admin } from '../support/admin.js';
import { leaveForm } from '../support/workflow.js';

/**
 * Hardening, finding 6: bad input that reached PostgreSQL answered 500 — a NUL byte in any string (the sign-in too,
 * which then was neither logged nor counted), a lone surrogate in a leave reason, a log filter V8 parsed as a date,
 * a page number beyond bigint. Each must be a 400 envelope with a clear message, in the caller's language.
 */
const NUL = 'a\u0000b';
const LONE = 'reason \ud800 here';

describe('text no database can store', () => {
  it('a NUL in the sign-in name is a 400, logged as a failed sign-in and counted toward the lockout and the address limit', async () => {
    const ip = randomIp();
    const form = await call(ApiPath.login, { form: { username: '202311027\u0000', password: 'wrong-password' }, ip });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({ code: 400, result: false, msg: '输入含有无法保存的字符（如空字符或残缺的 Unicode 字符）：username' });
    const json = await call(ApiPath.login, { json: { username: '202311027\u0000', password: 'wrong-password' }, ip, lang: 'en' });
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe('The input holds characters that cannot be stored (such as a NUL or a broken Unicode character): username');
    const logged = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_operation_log WHERE action = 'login' AND account = '202311027' AND detail->>'reason' = 'invalid_input'`)).rows[0].n as number);
    expect(logged).toBe(2);
    // counted toward the lockout (5 in the tests): three more and the account is locked
    for (let i = 0; i < 3; i++) await call(ApiPath.login, { form: { username: '202311027\u0000', password: 'wrong-password' }, ip });
    const locked = await withDb(async (c) => (await c.query(`SELECT locked_until > now() AS locked FROM sys_user WHERE account = '202311027'`)).rows[0].locked as boolean);
    expect(locked).toBe(true);
    // and toward the per-address limit (12 a minute in the tests): the 13th attempt from the address is refused
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(ApiPath.login, { form: { username: NUL, password: 'wrong-password' }, ip })).status);
    expect(statuses.slice(0, 7)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(statuses[7]).toBe(429);
  });

  it('a NUL or a lone surrogate anywhere in a body, a query or a path is a 400 naming the field, and nothing is written', async () => {
    const student = await login('202311028');
    const before = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n as number);
    const lone = await call('/api/workflows/leave', { token: student, json: leaveForm(1, { reason: LONE }) });
    expect(lone.status).toBe(400);
    expect(lone.body.msg).toBe('输入含有无法保存的字符（如空字符或残缺的 Unicode 字符）：reason');
    const nul = await call('/api/workflows/leave', { token: student, json: leaveForm(1, { reason: NUL }) });
    expect(nul.status).toBe(400);
    const key = await call('/api/workflows/leave', { token: student, json: { ...leaveForm(1), ['x\u0000']: 1 } });
    expect(key.status).toBe(400);
    expect((await call(`/api/workflows/leave?scope=mine%00`, { token: student })).status).toBe(400);
    expect((await call(`/api/workflows/leave/%00`, { token: student })).status).toBe(400);
    const token = await admin();
    expect((await call(AdminPath.userList, { token, json: { current: 1, size: 10, query: { keyword: NUL } } })).status).toBe(400);
    expect((await call(AdminPath.dictTableSave, { token, json: { table: 'STD_E2E_NUL', title: NUL } })).status).toBe(400);
    const after = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM events`)).rows[0].n as number);
    expect(after).toBe(before);
  });
});

describe('numbers and dates the database cannot take', () => {
  it('the operation log refuses a "from" that is no date (V8 reads this one as 2001) and an impossible date', async () => {
    const token = await admin();
    for (const from of ["' OR '1'='1", '2026-13-45', 'x 1', '275760-09-13']) {
      const res = await call(ApiPath.operationLogs, { token, json: { current: 1, size: 10, query: { from } } });
      expect({ from, status: res.status, msg: res.body.msg }).toEqual({ from, status: 400, msg: '时间格式不正确，请使用 YYYY-MM-DD HH:mm' });
    }
    const ok = await call(ApiPath.operationLogs, { token, json: { current: 1, size: 10, query: { from: '2026-01-01', to: '2099-12-31 23:59' } } });
    expect(ok.status).toBe(200);
  });

  it('a page number beyond any list (1e20) is a 400 on every list, not "bigint out of range"', async () => {
    const token = await admin();
    for (const path of [AdminPath.userList, AdminPath.roleList, ApiPath.operationLogs, AdminPath.dictTableList]) {
      const res = await call(path, { token, json: { current: 1e20, size: 10 } });
      expect({ path, status: res.status, msg: res.body.msg }).toEqual({ path, status: 400, msg: '页码不正确' });
    }
    for (const path of ['/api/workflows/leave?current=1e20', '/api/workflows/tasks?current=1e20', '/api/workflows/leave?current=99999999999']) {
      const res = await call(path, { token });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });
});
