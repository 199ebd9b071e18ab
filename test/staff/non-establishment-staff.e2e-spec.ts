import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { resources } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { schoolDate } from '../support/workflow.js';
import { path, residentId, runTag } from '../resources/resource-support.js';

/**
 * 非编教职工 end to end (docs/product/base-data.md#non-establishment-staff, docs/adr/0065-interface-languages.md) on the
 * shared test server: a non-establishment record without its contract's dates, an outsourced one without its agency and
 * a contract ending before it starts are refused in zh and en and write nothing; a contract hire is listed among the
 * non-establishment staff (not among the establishment), the demo's outsourced repairman too; in Chromium the page
 * flags the contract ending in ten days, and reads in English. Its record is deleted at its end (its account stays
 * disabled, as every deleted staff member's).
 */
const zhV = resources.zh.validation;
const enV = resources.en.validation;
const zhR = resources.zh.resource.staff.nonEstablishment;
const T = runTag();
let token: string;
let browser: Browser | undefined;
const made: string[] = [];
type Row = { id: string; account: string; employment: string; agency: string; contractEnd: string | null };

const base = () => ({ account: `fzb_${T.toLowerCase()}`, name: `合同老师${T}`, gender: 'F', idNumber: residentId('110102', '19880808', Number.parseInt(T.slice(0, 3), 16)), phone: '13800003333', roles: ['teacher'] });
const staffCount = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM staff`)).rows[0]?.n));

beforeAll(async () => {
  token = await login('admin');
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const id of made) await call(path('staff', id), { method: 'DELETE', token });
});

describe('non-establishment staff', () => {
  it('a record without its contract, an outsourced one without its agency, a contract ending before it starts: refused in zh and en, nothing written', async () => {
    const before = await staffCount();
    const bad = [
      [{ ...base(), employment: 'temporary' }, zhV.contractDatesRequired, enV.contractDatesRequired],
      [{ ...base(), employment: 'outsourced', contractStart: schoolDate(-30), contractEnd: schoolDate(300) }, zhV.agencyRequired, enV.agencyRequired],
      [{ ...base(), employment: 'contract', contractStart: schoolDate(10), contractEnd: schoolDate(-10) }, zhV.contractEndBeforeStart, enV.contractEndBeforeStart],
    ] as const;
    for (const [json, zhMsg, enMsg] of bad) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await call(path('staff'), { token, json, lang });
        expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, msg]);
      }
    }
    expect(await staffCount()).toBe(before);
  });

  it('a contract hire is listed among the non-establishment staff, not the establishment; the demo\'s repairman too', async () => {
    const created = await call<{ id: string }>(path('staff'), { token, json: { ...base(), employment: 'contract', contractStart: schoolDate(-355), contractEnd: schoolDate(10) } });
    expect([created.status, created.body.result]).toEqual([200, true]);
    made.push(created.body.data?.id as string);
    const list = async (q: string) => (await call<{ total: number; list: Row[] }>(`${path('staff')}?size=100&${q}`, { token })).body.data?.list ?? [];
    const mine = await list(`nonEstablishment=true&keyword=${T}`);
    expect(mine.map((r) => [r.account, r.employment, r.contractEnd])).toEqual([[base().account, 'contract', schoolDate(10)]]);
    expect(await list(`nonEstablishment=false&keyword=${T}`)).toEqual([]);
    const repairman = (await list('nonEstablishment=true&keyword=repairman'))[0];
    expect(repairman).toMatchObject({ employment: 'outsourced', agency: '申城物业服务有限公司' });
    expect((await list('employment=establishment&keyword=repairman')).length).toBe(0);
  });

  it('in Chromium the page flags the contract ending in ten days, and reads in English', async () => {
    browser = await launchBrowser();
    const { page, problems, close } = await newTestPage(browser);
    await signedIn(page, 'admin', '/jzggl/fzbjzgwh');
    await page.locator(tid('resource-search')).fill(T);
    await page.locator(tid('resource-search-submit')).click();
    const flag = page.locator(tid(`contract-state-${made[0] as string}`));
    await expect(flag.innerText()).resolves.toBe(zhR.expiring.replace('{{days}}', '10'));
    expect(await flag.getAttribute('data-state')).toBe('expiring');
    await expect(page.locator(tid('resource-title')).innerText()).resolves.toContain(zhR.title);
    await shot(page, 'non-establishment-zh');
    await page.locator(tid('lang-switch')).click();
    await expect(flag.innerText()).resolves.toBe(resources.en.resource.staff.nonEstablishment.expiring.replace('{{days}}', '10'));
    await shot(page, 'non-establishment-en');
    await close();
    expect(problems.unexpected()).toEqual([]);
  }, 60_000);
});
