import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, ComponentPath } from '@schoolflow/contracts';
import { baseUrl, call, login, randomIp, withDb } from '../support/api.js';
import { admin } from '../support/admin.js';

const ADMIN_PATHS = Object.entries(AdminPath);

async function raw(path: string, token: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${baseUrl()}/server${path}`, {
    method: 'POST',
    headers: { 'X-Access-Token': token, 'X-Forwarded-For': randomIp(), 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, text: await res.text() };
}

describe('the permission matrix of the administration API', () => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const a of ['teacher', 'student']) tokens[a] = await login(a);
    tokens.admin = await admin();
  });

  it.each(ADMIN_PATHS)('%s (%s): 403 with the envelope for teacher and student, logged as access.denied', async (_name, path) => {
    for (const account of ['teacher', 'student']) {
      const res = await call(path, { token: tokens[account], json: {} });
      expect({ account, status: res.status, body: res.body }).toEqual({ account, status: 403, body: { code: 403, result: false, msg: '没有访问权限' } });
      const row = await withDb(async (c) =>
        (await c.query(`SELECT action, result FROM sys_operation_log WHERE account = $1 AND target = $2 ORDER BY id DESC LIMIT 1`, [account, `POST /server${path}`])).rows[0],
      );
      expect({ account, path, row }).toEqual({ account, path, row: { action: 'access.denied', result: 'denied' } });
    }
  });

  it.each(ADMIN_PATHS)('%s (%s): allowed for admin', async (_name, path) => {
    const res = await raw(path, tokens.admin as string);
    expect({ path, status: res.status }).not.toEqual({ path, status: 403 });
    expect({ path, status: res.status }).not.toEqual({ path, status: 404 });
    expect(res.status).toBeLessThan(500);
    if (res.text.startsWith('{')) expect(JSON.parse(res.text)).not.toMatchObject({ code: 403 });
  });

  it('the monitor also answers GET for admin only', async () => {
    expect((await call(AdminPath.monitor, { token: tokens.teacher, method: 'GET' })).status).toBe(403);
    const res = await call<{ database: { status: string } }>(AdminPath.monitor, { token: tokens.admin, method: 'GET' });
    expect(res.body.result).toBe(true);
    expect(res.body.data?.database.status).toBe('up');
  });

  it('the menu enable call is administration too', async () => {
    const res = await call(AdminPath.menuEnable, { token: tokens.student, json: { ids: [], enabled: true } });
    expect(res.status).toBe(403);
  });

  it.each(Object.entries(ComponentPath))('picker %s (%s) is open to every signed-in user, not to anonymous callers', async (_name, path) => {
    for (const account of ['teacher', 'student']) {
      const res = await raw(path, tokens[account] as string);
      expect({ path, account, status: res.status }).not.toEqual({ path, account, status: 403 });
      expect(res.status).toBeLessThan(500);
    }
    const anon = await call(path, { json: {} });
    expect(anon.status).toBe(401);
  });

  it('without a token every administration API answers 401', async () => {
    for (const [, path] of ADMIN_PATHS) {
      const res = await call(path, { json: {} });
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 401, code: 50000 });
    }
  });
});
