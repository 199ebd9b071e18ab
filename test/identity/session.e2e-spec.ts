import { describe, expect, it } from '@jest/globals';
import type { MenuNode, PermissionInfo, SessionView } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';

function flatten(menus: MenuNode[]): MenuNode[] {
  return menus.flatMap((m) => [m, ...flatten(m.menus)]);
}

describe('sessions and permissions', () => {
  it('GET /ms/getPermission answers menus, permission, roles and user info', async () => {
    const token = await login('admin');
    const res = await call<PermissionInfo>('/ms/getPermission', { token });
    expect(res.body).toMatchObject({ code: 200, result: true });
    const info = res.body.data as PermissionInfo;
    expect(info.userInfo).toEqual({ username: '系统管理员', userId: 'admin', userType: '1', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(info.roles).toEqual(['admin']);
    expect(info.permission).toEqual(expect.arrayContaining(['ms:logs:list', 'account:security']));
    expect(info.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const urls = flatten(info.menus).map((m) => m.menuurl);
    expect(urls).toEqual(expect.arrayContaining(['/personal', '/qt_app/AccountSecurity', '/ms', '/ms/logs', '/server/docs']));
    const logs = flatten(info.menus).find((m) => m.menuurl === '/ms/logs') as MenuNode;
    expect(JSON.parse(logs.remark)).toMatchObject({ menuNameEng: 'Operation log' });
    const docs = flatten(info.menus).find((m) => m.menuurl === '/server/docs') as MenuNode;
    expect(JSON.parse(docs.remark)).toMatchObject({ cdwz: 'top', menuNameEng: 'API docs' });
  });

  it('a student gets no administration menu and no administration permission', async () => {
    const token = await login('student');
    const info = (await call<PermissionInfo>('/ms/getPermission', { token })).body.data as PermissionInfo;
    expect(info.roles).toEqual(['student']);
    const urls = flatten(info.menus).map((m) => m.menuurl);
    expect(urls).toEqual(expect.arrayContaining(['/personal', '/qt_app/AccountSecurity', '/apply/leave/new', '/messageCenter/xxzx']));
    expect(urls.filter((u) => u.startsWith('/ms') || u === '/server/docs' || u === '/apply/tasks')).toEqual([]);
    expect(info.permission).not.toContain('ms:logs:list');
  });

  it('refuses an administration call to a student with 403, and logs the refusal', async () => {
    const token = await login('student');
    const res = await call('/ms/logs/list', { token, json: { current: 1, size: 10 } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 403, result: false, msg: '没有访问权限' });
    const row = await withDb(async (c) => (await c.query(`SELECT action, result, target FROM sys_operation_log WHERE account = 'student' ORDER BY id DESC LIMIT 1`)).rows[0]);
    expect(row).toEqual({ action: 'access.denied', result: 'denied', target: 'POST /server/ms/logs/list' });
  });

  it('no token → 50000; an illegal token → 50008', async () => {
    const none = await call('/ms/getPermission');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 50000, result: false });
    for (const token of ['garbage', 'x'.repeat(43), "'; DROP TABLE sys_user; --", 'Bearer abc.def.ghi']) {
      const res = await call('/ms/getPermission', { token });
      expect(res.body).toEqual({ code: 50008, result: false, msg: '登录凭证无效，请重新登录' });
    }
  });

  it('an expired session answers 50014', async () => {
    const token = await login('teacher');
    await withDb((c) =>
      c.query(`UPDATE sys_session SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM sys_user WHERE account = 'teacher')`),
    );
    const res = await call('/ms/getPermission', { token, lang: 'en' });
    expect(res.body).toEqual({ code: 50014, result: false, msg: 'Your login has expired, please log in again' });
  });

  it('GET /api/getExpires reports the sliding expiry', async () => {
    const token = await login('office');
    const res = await call<{ expiresAt: string; remainingSeconds: number }>('/api/getExpires', { token });
    expect(res.body.result).toBe(true);
    expect(res.body.data?.remainingSeconds).toBeGreaterThan(60 * 60);
    expect(Date.parse(res.body.data?.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('GET /logout revokes the session; the token then answers 50008; logout again still succeeds', async () => {
    const token = await login('principal');
    expect((await call('/logout', { token })).body).toMatchObject({ code: 200, result: true, msg: '已退出登录' });
    expect((await call('/ms/getPermission', { token })).body.code).toBe(50008);
    expect((await call('/logout', { token })).body.result).toBe(true);
  });

  it('POST /api/role/refresh answers fresh permissions and sees a newly granted menu without signing in again', async () => {
    const token = await login('teacher01');
    const before = (await call<PermissionInfo>('/ms/getPermission', { token })).body.data as PermissionInfo;
    expect(flatten(before.menus).map((m) => m.menuurl)).not.toContain('/ms/logs');
    await withDb((c) =>
      c.query(`INSERT INTO sys_role_menu (role_id, menu_id) SELECT r.id, m.id FROM sys_role r, sys_menu m WHERE r.code = 'headteacher' AND m.url = '/ms/logs'`),
    );
    try {
      const res = await call<PermissionInfo>('/api/role/refresh', { token, method: 'POST' });
      expect(res.body).toMatchObject({ code: 200, result: true, msg: '权限已刷新' });
      const urls = flatten((res.body.data as PermissionInfo).menus).map((m) => m.menuurl);
      expect(urls).toEqual(expect.arrayContaining(['/ms', '/ms/logs']));
      expect((res.body.data as PermissionInfo).permission).toContain('ms:logs:list');
    } finally {
      await withDb((c) => c.query(`DELETE FROM sys_role_menu WHERE role_id = (SELECT id FROM sys_role WHERE code = 'headteacher') AND menu_id = (SELECT id FROM sys_menu WHERE url = '/ms/logs')`));
    }
  });

  it('POST /userManage/getUserInfo answers the own row without any password hash; another user needs permission', async () => {
    const token = await login('student');
    const own = await call<{ ID: string; USERNAME: string; PASSWORD: string; ENABLED: string }[]>('/userManage/getUserInfo', { token, form: { userId: 'student' } });
    expect(own.body.data).toEqual([{ ID: 'student', USERNAME: '王子轩', PASSWORD: '', ENABLED: '1' }]);
    const other = await call('/userManage/getUserInfo', { token, form: { userId: 'admin' } });
    expect(other.status).toBe(403);
    const missing = await call('/userManage/getUserInfo', { token, form: {} });
    expect(missing.body).toEqual({ code: 400, result: false, msg: '缺少用户标识' });
    const adminToken = await login('admin');
    const unknown = await call('/userManage/getUserInfo', { token: adminToken, form: { userId: 'ghost' } });
    expect(unknown.body).toEqual({ code: 404, result: false, msg: '系统无该用户信息' });
  });

  it('a user has at most 10 live sessions: the 11th and 12th sign-ins end the least recently used (hardening)', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) tokens.push(await login('202311030'));
    const codes = await Promise.all(tokens.map(async (t) => (await call('/ms/getPermission', { token: t })).body.code));
    expect(codes).toEqual([50012, 50012, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
    const live = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_session s JOIN sys_user u ON u.id = s.user_id WHERE u.account = '202311030' AND s.revoked_at IS NULL`)).rows[0].n as number);
    expect(live).toBe(10);
  });

  it('lists my sessions and signs out my other devices (they then answer 50012)', async () => {
    const phone = await login('headteacher');
    const laptop = await login('headteacher');
    const list = await call<SessionView[]>('/api/sessions/mine', { token: laptop });
    const sessions = list.body.data as SessionView[];
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const ended = await call<{ ended: number }>('/api/sessions/mine/end-others', { token: laptop, method: 'POST' });
    expect(ended.body.data?.ended).toBeGreaterThanOrEqual(1);
    expect((await call('/ms/getPermission', { token: phone })).body.code).toBe(50012);
    expect((await call('/ms/getPermission', { token: laptop })).body.code).toBe(200);
  });
});
