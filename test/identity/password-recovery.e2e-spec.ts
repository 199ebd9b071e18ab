import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { call, login, randomIp, withDb } from '../support/api.js';

/**
 * Password recovery without sign-in (issue 25 item 5; docs/product/shell-and-sign-in.md#password-recovery,
 * docs/adr/0039-password-recovery.md): the account, the ID number and the mobile on record prove who one is. A student and a parent
 * recover and sign in with the new password, their earlier sessions ended; any wrong part answers one message and
 * changes nothing; repeated failures lock the account and the address; every attempt is logged without the evidence.
 * Accounts of this file only (a student no other file signs in as, a parent made here), so the shared server's other
 * files keep their passwords.
 */
const PATH = '/anon/password/reset';
const REFUSED_ZH = '账号、证件号码与手机号码不匹配';
const REFUSED_EN = 'The account, ID number and mobile do not match our records';
const NEW_PASSWORD = 'Neu-Pass9x!';

interface Evidence {
  account: string;
  idNumber: string;
  mobile: string;
}
const student = {} as Evidence & { userId: string };
const parent = {} as Evidence & { userId: string };
const reset = (e: Evidence, newPassword: string, o: { lang?: 'zh' | 'en'; ip?: string } = {}) => call(PATH, { json: { ...e, newPassword }, ...o });
const hashOf = (userId: string) => withDb(async (c) => (await c.query<{ password_hash: string | null }>(`SELECT password_hash FROM sys_user WHERE id = $1`, [userId])).rows[0]?.password_hash ?? null);
const logsOf = (account: string) =>
  withDb(async (c) => (await c.query<{ result: string; detail: Record<string, unknown>; target: string; ip: string }>(`SELECT result, detail, target, ip FROM sys_operation_log WHERE action = 'password.reset' AND account = $1 ORDER BY id`, [account])).rows);
const signedIn = async (token: string) => (await call('/api/posts', { token })).status === 200;

/** The student's password hash before the file, put back after it. */
let kept = '';

beforeAll(async () => {
  // The last student of the demo school (no other file signs in as them), with their mother's mobile on the record.
  await withDb(async (c) => {
    const s = (
      await c.query<{ user_id: string; account: string; id_number: string; mobile: string; student_id: string }>(
        `SELECT u.id AS user_id, u.account, s.id_number, g.mobile, s.id AS student_id FROM student s JOIN sys_user u ON u.id = s.user_id
           JOIN student_guardian g ON g.student_id = s.id AND g.position = 1
          WHERE s.id_number IS NOT NULL AND u.account ~ '^[0-9]+$' ORDER BY u.account DESC LIMIT 1`,
      )
    ).rows[0];
    if (!s) throw new Error('no demo student');
    Object.assign(student, { userId: s.user_id, account: s.account, idNumber: s.id_number, mobile: s.mobile });
    kept = (await c.query<{ password_hash: string }>(`SELECT password_hash FROM sys_user WHERE id = $1`, [s.user_id])).rows[0]!.password_hash;
    // A parent account of another student: its own mobile on that child's record (the father, position 0).
    const child = (
      await c.query<{ id: string; id_number: string; mobile: string }>(
        `SELECT s.id, s.id_number, g.mobile FROM student s JOIN sys_user u ON u.id = s.user_id JOIN student_guardian g ON g.student_id = s.id AND g.position = 0
          WHERE s.id_number IS NOT NULL AND g.user_id IS NULL AND u.account ~ '^[0-9]+$' ORDER BY u.account DESC OFFSET 1 LIMIT 1`,
      )
    ).rows[0];
    if (!child) throw new Error('no demo child');
    const account = `jzreset${Date.now().toString(36)}`;
    const u = (await c.query<{ id: string }>(`INSERT INTO sys_user (account, name, user_type) VALUES ($1, '找回家长', '4') RETURNING id`, [account])).rows[0] as { id: string };
    await c.query(`INSERT INTO guardian (user_id, student_id, relation) VALUES ($1, $2, 'father')`, [u.id, child.id]);
    await c.query(`UPDATE student_guardian SET user_id = $1 WHERE student_id = $2 AND position = 0`, [u.id, child.id]);
    Object.assign(parent, { userId: u.id, account, idNumber: child.id_number, mobile: child.mobile });
  });
}, 60_000);

// The student's password and sign-in state as they were: files that run after this one on the worker's server sign in
// as demo students with the demo password (registrations, waitlists take the last ones too).
afterAll(async () => {
  await withDb((c) => c.query(`UPDATE sys_user SET password_hash = $2, failed_attempts = 0, locked_until = NULL, must_change_password = false WHERE id = $1`, [student.userId, kept]));
});

describe('password recovery', () => {
  it('refuses every wrong part with one message, in the caller language, changing nothing', async () => {
    const token = await login(student.account);
    const before = await hashOf(student.userId);
    const other = { ...parent, account: student.account }; // another student's ID number and a mobile not on this record
    for (const [evidence, lang] of [
      [{ ...student, idNumber: other.idNumber }, 'zh'],
      [{ ...student, mobile: '13900000000' }, 'en'],
      [{ ...student, account: `nobody${Date.now()}` }, 'zh'],
    ] as const) {
      const res = await reset(evidence, NEW_PASSWORD, { lang });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 400, result: false, msg: lang === 'zh' ? REFUSED_ZH : REFUSED_EN });
    }
    expect(await hashOf(student.userId)).toBe(before);
    expect(await signedIn(token)).toBe(true);
    // a new password outside the strategy is told as such (it says nothing about the account), and not stored either
    const weak = await reset(student, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.msg).not.toBe(REFUSED_ZH);
    expect(await hashOf(student.userId)).toBe(before);
  });

  it('a student recovers: signs in with the new password, the old one fails, earlier sessions ended, logged without secrets', async () => {
    const token = await login(student.account);
    const res = await reset({ ...student, mobile: ` ${student.mobile.slice(0, 3)}-${student.mobile.slice(3)} `, idNumber: student.idNumber.toLowerCase() }, NEW_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(true);
    expect(await signedIn(token)).toBe(false);
    expect(await signedIn(await login(student.account, NEW_PASSWORD))).toBe(true);
    await expect(login(student.account)).rejects.toThrow();

    const logs = await logsOf(student.account);
    // every attempt on this account: the two mismatches, the weak password, the success (the unknown account is logged under its own name)
    expect(logs.map((l) => [l.result, l.detail.reason ?? null])).toEqual([['failure', 'evidence_mismatch'], ['failure', 'evidence_mismatch'], ['failure', 'password_strategy'], ['success', null]]);
    expect(logs[3]?.detail).toMatchObject({ sessionsEnded: expect.any(Number) });
    const text = JSON.stringify(logs);
    for (const secret of [student.idNumber, student.mobile, NEW_PASSWORD, 'short']) expect(text).not.toContain(secret);
  });

  it('a parent recovers with their child ID number and their own mobile, and again: the first new sign-in is ended', async () => {
    expect((await reset(parent, NEW_PASSWORD)).status).toBe(200);
    const token = await login(parent.account, NEW_PASSWORD);
    expect(await signedIn(token)).toBe(true);
    expect((await reset(parent, `${NEW_PASSWORD}2`, { lang: 'en' })).body.msg).toBe('Password reset; sign in with the new password. Every earlier sign-in was ended');
    expect(await signedIn(token)).toBe(false);
    expect(await signedIn(await login(parent.account, `${NEW_PASSWORD}2`))).toBe(true);
    // the child's mobile of the other guardian is not the parent's own
    const mother = await withDb(async (c) => (await c.query<{ mobile: string }>(`SELECT g.mobile FROM student_guardian g JOIN guardian x ON x.student_id = g.student_id WHERE x.user_id = $1 AND g.position = 1`, [parent.userId])).rows[0]?.mobile);
    expect((await reset({ ...parent, mobile: mother as string }, NEW_PASSWORD)).body.msg).toBe(REFUSED_ZH);
  });

  it('staff recover with their own ID number and phone; a disabled account gets the same one message', async () => {
    const account = `t${Date.now().toString(36)}`;
    const idNumber = `31011519800101${String(Date.now() % 10000).padStart(4, '0')}`;
    const userId = await withDb(async (c) => {
      const u = (await c.query<{ id: string }>(`INSERT INTO sys_user (account, name, user_type) VALUES ($1, '找回老师', '2') RETURNING id`, [account])).rows[0] as { id: string };
      await c.query(`INSERT INTO staff (user_id, name, id_number, phone) VALUES ($1, '找回老师', $2, '021-5555 0101')`, [u.id, idNumber]);
      return u.id;
    });
    expect((await reset({ account, idNumber, mobile: '02155550101' }, NEW_PASSWORD)).status).toBe(200);
    expect(await signedIn(await login(account, NEW_PASSWORD))).toBe(true);
    await withDb((c) => c.query(`UPDATE sys_user SET enabled = false WHERE id = $1`, [userId]));
    const before = await hashOf(userId);
    expect((await reset({ account, idNumber, mobile: '02155550101' }, `${NEW_PASSWORD}5`)).body.msg).toBe(REFUSED_ZH);
    expect(await hashOf(userId)).toBe(before);
  });

  it('locks the account after repeated failures: right evidence is refused too while locked, nothing changed', async () => {
    const before = await hashOf(parent.userId);
    // one failure is already counted above; four more from different addresses reach the limit of five
    for (let i = 0; i < 4; i += 1) expect((await reset({ ...parent, mobile: '13800000000' }, NEW_PASSWORD)).body.msg).toBe(REFUSED_ZH);
    const locked = await reset(parent, `${NEW_PASSWORD}3`, { lang: 'en' });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toMatch(/^Too many attempts to recover this password; try again in \d+ minutes$/);
    expect(await hashOf(parent.userId)).toBe(before);
    expect((await logsOf(parent.account)).at(-1)).toMatchObject({ result: 'denied', detail: { reason: 'locked' } });
  });

  it('locks an address after repeated failures, whatever account it names next', async () => {
    const ip = randomIp();
    for (let i = 0; i < 5; i += 1) expect((await reset({ account: `nobody${i}x${Date.now()}`, idNumber: '310115200001010011', mobile: '13800000000' }, NEW_PASSWORD, { ip })).status).toBe(400);
    const before = await hashOf(student.userId);
    const res = await reset(student, `${NEW_PASSWORD}4`, { ip });
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/^找回密码的尝试次数过多，请 \d+ 分钟后再试$/);
    expect(await hashOf(student.userId)).toBe(before);
    // from elsewhere the student may still recover
    expect((await reset(student, `${NEW_PASSWORD}4`)).status).toBe(200);
  });
});
