import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatePostAnswer, DeliveryPage } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';
import { startSmtpReceiver, type SmtpReceiver } from '../support/smtp-receiver.js';

// Issue 26's channels in the browser: e-mail configured for notices, a receiver refusing every try until the
// delivery is given up; 消息监控 shows it failed with its five tries, 重试 sends it (the receiver accepts now) and
// the row turns delivered without a reload; 推送配置 and 统计分析 (its chart drawn); monitoring in English.

let smtp: SmtpReceiver;
let admin = '';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  admin = await login('admin');
  const saved = await call('/api/messages/channels', {
    method: 'PUT',
    token: admin,
    json: {
      push: [{ type: '1', channels: ['email'] }],
      smtp: { enabled: true, host: '127.0.0.1', port: smtp.port, secure: false, user: smtp.user, password: smtp.password, from: 'school@schoolflow.test' },
    },
  });
  expect(saved.body.result).toBe(true);
  const teacher = await login('teacher');
  expect((await call('/api/messages/channels/mine', { method: 'PUT', token: teacher, json: { email: 'teacher@schoolflow.test', optOut: [] } })).body.result).toBe(true);
}, 60_000);

afterAll(async () => {
  await call('/api/messages/channels', { method: 'PUT', token: admin, json: { push: [{ type: '1', channels: [] }] } });
  await smtp?.close();
});

describe('message channels in the browser', () => {
  const { page } = browserPages();

  it('monitoring shows a failed delivery with its tries and retries it; push configuration and statistics; zh and en', async () => {
    const marker = `家长会通知 ${Date.now().toString(36)}`;
    smtp.refuse(marker, 5);
    const headteacher = await login('headteacher');
    const teacherId = await withDb(async (c) => String((await c.query(`SELECT id FROM sys_user WHERE account = 'teacher'`)).rows[0]?.id));
    const posted = await call<CreatePostAnswer>('/api/posts', { token: headteacher, json: { kind: 'notice', title: marker, body: '<p>周五下午</p>', audience: { userIds: [teacherId] }, publish: true } });
    expect(posted.body.result).toBe(true);
    const failed = await eventually(async () => {
      const list = (await call<DeliveryPage>('/api/messages/deliveries?state=failed&size=100', { token: admin })).body.data?.list ?? [];
      const row = list.find((d) => d.title.includes(marker));
      expect(row).toBeDefined();
      return row as DeliveryPage['list'][number];
    }, 60_000);

    const t = await page();
    const a = t.page;
    await signedIn(a, 'admin', '/messageCenter/xxjk');
    await a.locator(tid('channels-monitor')).waitFor();
    const row = a.locator(`${tid('deliveries-row')}[data-id="${failed.id}"]`);
    await row.waitFor();
    expect(await row.locator(tid('delivery-state')).innerText()).toBe('失败');
    await row.locator(tid('delivery-attempts')).click();
    await eventually(async () => expect(await row.locator(tid('delivery-attempt')).evaluateAll((items) => items.map((i) => i.getAttribute('data-ok')))).toEqual(['false', 'false', 'false', 'false', 'false']));
    await shot(a, 'message-channels-01-monitor-failed-zh');
    expect(smtp.mails.filter((m) => m.subject.includes(marker))).toHaveLength(0);

    await row.locator(tid('delivery-retry')).click();
    await eventually(async () => expect(await row.locator(tid('delivery-state')).innerText()).toBe('已送达'), 30_000);
    expect(smtp.mails.filter((m) => m.subject.includes(marker))).toHaveLength(1);
    await eventually(async () => expect(await row.locator(tid('delivery-attempt')).count()).toBe(6));
    expect(await row.locator(tid('delivery-attempt')).last().getAttribute('data-ok')).toBe('true');
    await shot(a, 'message-channels-02-monitor-retried-zh');

    await a.goto(appUrl('/messageCenter/tspz'));
    await a.locator(tid('push-row')).first().waitFor();
    expect(await a.locator(`${tid('push-1-email')} input`).isChecked()).toBe(true);
    expect(await a.locator(`${tid('push-1-wechat')} input`).isChecked()).toBe(false);
    await shot(a, 'message-channels-03-push-config-zh');

    await a.goto(appUrl('/messageCenter/tjfx'));
    await eventually(async () => expect(await a.locator(tid('stats-chart')).getAttribute('data-ready')).toBe('true'));
    expect(await a.locator(`${tid('stats-row')}[data-type="1"]`).count()).toBe(1);
    await shot(a, 'message-channels-04-stats-zh');
    expect(t.problems.unexpected()).toEqual([]);

    const en = await page(true);
    await signedIn(en.page, 'admin', '/messageCenter/xxjk');
    const enRow = en.page.locator(`${tid('deliveries-row')}[data-id="${failed.id}"]`);
    await enRow.waitFor();
    expect(await enRow.locator(tid('delivery-state')).innerText()).toBe('Delivered');
    await shot(en.page, 'message-channels-05-monitor-en');
    expect(en.problems.unexpected()).toEqual([]);
  }, 300_000);
});
