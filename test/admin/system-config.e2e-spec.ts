import { beforeAll, describe, expect, it } from '@jest/globals';
import { AdminPath, type SystemConfig } from '@schoolflow/contracts';
import { call, withDb } from '../support/api.js';
import { admin, expectOk } from '../support/admin.js';

/**
 * System configuration (docs/product/administration.md#system-configuration): what is saved is read back, a password
 * rule that is no regular expression is refused and writes nothing, every save is logged. The shared server's settings
 * are put back as they were.
 */
let token: string;
const post = <T = unknown>(path: string, json?: unknown) => call<T>(path, { token, json: json ?? {} });

beforeAll(async () => {
  token = await admin();
});

describe('system configuration', () => {
  it('saves every setting together, reads it back, refuses a broken password rule, and logs each save', async () => {
    const before = (await post<SystemConfig>(AdminPath.configGet)).body.data as SystemConfig;
    const changed: SystemConfig = { ...before, loginTitle: { zh: '测试学校', en: 'Test School' }, leaveThresholdDays: before.leaveThresholdDays + 1 };
    try {
      expectOk(await post(AdminPath.configSave, changed));
      expect((await post<SystemConfig>(AdminPath.configGet)).body.data).toEqual(changed);

      const broken = await post(AdminPath.configSave, { ...changed, pwdRule: '([a-z', loginTitle: { zh: '不应保存', en: 'not saved' } });
      expect([broken.body.code, broken.body.result, broken.body.msg]).toEqual([400, false, '密码规则不是有效的正则表达式']);
      expect((await post<SystemConfig>(AdminPath.configGet)).body.data).toEqual(changed);
    } finally {
      expectOk(await post(AdminPath.configSave, before));
    }
    expect((await post<SystemConfig>(AdminPath.configGet)).body.data).toEqual(before);
    const saves = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM sys_operation_log WHERE action = 'config.save' AND at > now() - interval '1 minute'`)).rows[0].n as number);
    expect(saves).toBeGreaterThanOrEqual(2);
  });
});
