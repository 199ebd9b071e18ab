import { describe, expect, it } from '@jest/globals';
import { legacyPasswordDigest, utf8ToBase64, type PwdStrategy } from '@schoolflow/contracts';
import { call, DEMO_PASSWORD, login, withDb } from '../support/api.js';

const PREFIX = 'schoolflow:';

async function changeForm(userId: string, oldPassword: string, next: string): Promise<Record<string, string>> {
  return {
    username: userId,
    newPassword: utf8ToBase64(next),
    oldPassword: await legacyPasswordDigest(PREFIX, userId, oldPassword),
    sign: await legacyPasswordDigest(PREFIX, userId, next),
  };
}

describe('password strategy and change', () => {
  it('POST /api/login/getPwdStrategy answers the rule and its description in the caller language', async () => {
    const token = await login('student');
    const zh = (await call<PwdStrategy>('/api/login/getPwdStrategy', { token, method: 'POST' })).body.data as PwdStrategy;
    const en = (await call<PwdStrategy>('/api/login/getPwdStrategy', { token, method: 'POST', lang: 'en' })).body.data as PwdStrategy;
    expect(new RegExp(zh.rule).test('Str0ng!Pass')).toBe(true);
    expect(new RegExp(zh.rule).test('weakpass')).toBe(false);
    expect(zh.description).toMatch(/密码长度/);
    expect(en.description).toMatch(/8-50 characters/);
  });

  it('refuses a wrong old password, a weak or 51-character new one, a bad signature and missing fields', async () => {
    const token = await login('jz202511001');
    const wrongOld = await call('/api/login/updatePwd', { token, form: await changeForm('jz202511001', 'Not-the-0ld', 'N3w-Passw0rd!') });
    expect(wrongOld.body).toEqual({ code: 400, result: false, msg: '原密码错误' });

    const weak = await call('/api/login/updatePwd', { token, lang: 'en', form: await changeForm('jz202511001', DEMO_PASSWORD, 'weakpass') });
    expect(weak.body.result).toBe(false);
    expect(weak.body.msg).toBe('The password must be 8-50 characters and contain upper-case and lower-case letters, a digit and a special character');

    const long = await call('/api/login/updatePwd', { token, form: await changeForm('jz202511001', DEMO_PASSWORD, `Aa1!${'x'.repeat(47)}`) });
    expect(long.body).toEqual({ code: 400, result: false, msg: '密码不能超过50个字符' });

    const form = await changeForm('jz202511001', DEMO_PASSWORD, 'N3w-Passw0rd!');
    const badSign = await call('/api/login/updatePwd', { token, form: { ...form, sign: 'a'.repeat(64) } });
    expect(badSign.body).toEqual({ code: 400, result: false, msg: '密码签名校验失败，请重新提交' });

    const missing = await call('/api/login/updatePwd', { token, form: { username: 'jz202511001' } });
    expect(missing.body).toEqual({ code: 400, result: false, msg: '请输入新密码' });

    const notBase64 = await call('/api/login/updatePwd', { token, form: { ...form, newPassword: '%%%' } });
    expect(notBase64.body).toEqual({ code: 400, result: false, msg: '新密码编码不正确' });

    const someoneElse = await call('/api/login/updatePwd', { token, form: await changeForm('student', DEMO_PASSWORD, 'N3w-Passw0rd!') });
    expect(someoneElse.status).toBe(403);

    // nothing was written: the demo password still signs in
    expect(await login('jz202511001')).toBeTruthy();
  });

  it('changes the password, ends the other sessions, keeps the current one, and stores only argon2id', async () => {
    const account = 'teacher03';
    // the worker's server is shared with later files (teacher03 teaches in the grades analysis): its password is put back
    const before = await withDb(async (c) => (await c.query(`SELECT password_hash FROM sys_user WHERE account = $1`, [account])).rows[0].password_hash as string);
    try {
      await changesThePassword(account);
    } finally {
      await withDb((c) => c.query(`UPDATE sys_user SET password_hash = $2 WHERE account = $1`, [account, before]));
    }
  });

  async function changesThePassword(account: string): Promise<void> {
    const other = await login(account);
    const current = await login(account);
    const next = 'N3w-Passw0rd!';
    const res = await call('/api/login/updatePwd', { token: current, form: await changeForm(account, DEMO_PASSWORD, next) });
    expect(res.body).toEqual({ code: 200, result: true, msg: '密码修改成功，其他设备上的登录已退出' });
    expect((await call('/ms/getPermission', { token: other })).body.code).toBe(50012);
    expect((await call('/ms/getPermission', { token: current })).body.code).toBe(200);
    expect((await call('/api/login/v3', { form: { username: account, password: DEMO_PASSWORD } })).body.result).toBe(false);
    expect(await login(account, next)).toBeTruthy();
    const row = await withDb(async (c) => (await c.query(`SELECT password_hash FROM sys_user WHERE account = $1`, [account])).rows[0] as { password_hash: string });
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row.password_hash).not.toContain(next);
    const log = await withDb(async (c) => (await c.query(`SELECT result FROM sys_operation_log WHERE account = $1 AND action = 'password.change' ORDER BY id DESC LIMIT 1`, [account])).rows[0]);
    expect(log).toEqual({ result: 'success' });
  }

  it('refuses a new password equal to the old one', async () => {
    const token = await login('teacher04');
    const res = await call('/api/login/updatePwd', { token, form: await changeForm('teacher04', DEMO_PASSWORD, DEMO_PASSWORD) });
    expect(res.body).toEqual({ code: 400, result: false, msg: '新密码不能与原密码相同' });
  });
});
