import { describe, expect, it } from '@jest/globals';
import { type ElectiveBatch, electivesPath, formatSchoolTime } from '@schoolflow/contracts';
import type { Page } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid } from '../support/browser.js';
import { browserPages } from '../support/flow-pages.js';
import { caughtUp } from '../support/workflow.js';

// Issue 27's "done when" (parts 1–3) in Chromium: `teacher` declares an elective through the flow's form and `office`
// passes it; `admin` opens a first-come batch in 选课批次; two students' pages watch the seats fall live; the last seat
// goes to exactly one of two simultaneous clicks and the other is told "class size full"; the time clash and the limit
// answer their messages; a lottery batch's draw gives the same result for the same seed.

const MIN = 60_000;
const local = (ms: number) => formatSchoolTime(Date.now() + ms).slice(0, 16).replace(' ', 'T');
const rows = <T>(sql: string, args: unknown[] = []) => withDb(async (c) => (await c.query(sql, args)).rows as T[]);
const suffix = Math.random().toString(36).slice(2, 6);
const remaining = (p: Page, course: string) => p.locator(`${tid(`offer-${course}`)} ${tid('offer-remaining')}`).innerText();

async function openBatch(p: Page, name: string): Promise<void> {
  await p.goto(appUrl('/elective/xsxk'));
  await p.locator(tid('elective-batch-choose')).waitFor();
  await p.locator(tid('elective-batch-choose')).selectOption({ label: name });
  await p.locator(tid('elective-batch')).waitFor();
}

describe('electives in Chromium', () => {
  const { page } = browserPages();
  const course = `天文${suffix}`;
  const batchName = `抢课演示${suffix}`;

  it('a teacher declares, the office passes, admin opens a first-come batch; two students watch the seats and race for the last one', async () => {
    // the teacher's declaration, on the flow kit's form
    const t = (await page()).page;
    await signedIn(t, 'teacher', '/apply/elective_course/new');
    await t.locator(tid('elective-course-form')).waitFor();
    await t.locator(tid('elective-course-name')).fill(course);
    await t.locator(tid('elective-course-description')).fill('认识星空，用望远镜观测月面与行星。');
    await t.locator(tid('elective-course-grades-10')).click();
    await t.locator(tid('elective-course-capacity')).fill('1');
    await t.locator(tid('elective-course-minSize')).fill('1');
    await t.locator(tid('elective-course-slots-7-8')).click();
    await shot(t, 'electives-01-declare');
    await t.locator(tid('elective-course-submit')).click();
    const instance = await eventually(async () => {
      const [r] = await rows<{ id: string }>(`SELECT id FROM wf_instance WHERE flow = 'elective-course' AND form->>'name' = $1`, [course]);
      expect(r).toBeDefined();
      return r?.id as string;
    });
    // the office passes it (its review queue is the flow kit's, tested with every flow)
    const office = await login('office');
    expect((await call(`/api/workflows/elective-course/${instance}/events`, { token: office, json: { type: 'APPROVE' } })).status).toBe(200);
    await caughtUp('workflow-effects');
    await t.goto(appUrl('/elective/xxkc'));
    await t.locator(tid(`elective-course-${course}`)).waitFor();
    await shot(t, 'electives-02-courses');

    // admin opens a first-come batch of every grade-10 course, at most 2 each
    const a = (await page()).page;
    await signedIn(a, 'admin', '/elective/xkpc');
    await a.locator(tid('batch-new')).click();
    await a.locator(tid('batch-name')).fill(batchName);
    await a.locator(tid('batch-start')).fill(local(-MIN));
    await a.locator(tid('batch-end')).fill(local(60 * MIN));
    await a.locator(tid('batch-maxPerStudent')).fill('2');
    await a.locator(tid('batch-save')).click();
    await a.locator(tid(`batch-${batchName}`)).waitFor();
    expect(await a.locator(`${tid(`batch-${batchName}`)} ${tid('batch-state')}`).innerText()).toBe('进行中');
    await shot(a, 'electives-03-batch-opened');

    // two students' pages on the batch
    const s1 = (await page()).page;
    const s2 = (await page()).page;
    await signedIn(s1, 'student');
    await signedIn(s2, '202511002');
    await openBatch(s1, batchName);
    await openBatch(s2, batchName);
    const before = Number(await remaining(s2, '机器人编程'));
    await s1.locator(`${tid('offer-机器人编程')} ${tid('offer-select')}`).click();
    // the other page sees the seat fall, without a reload
    await eventually(async () => expect(Number(await remaining(s2, '机器人编程'))).toBe(before - 1));
    await shot(s2, 'electives-04-seat-fell-live');

    // the time clash names the other course
    await s1.locator(`${tid('offer-书法鉴赏')} ${tid('offer-select')}`).click();
    await eventually(async () => expect(await s1.locator(tid('elective-error')).innerText()).toContain('上课时间冲突：与“机器人编程”时间冲突'));
    await shot(s1, 'electives-05-clash');

    // the last seat: both click at once, exactly one holds it, the other is told the class is full
    await Promise.all([s1.locator(`${tid(`offer-${course}`)} ${tid('offer-select')}`).click(), s2.locator(`${tid(`offer-${course}`)} ${tid('offer-select')}`).click()]);
    const told = await eventually(async () => {
      const texts = await Promise.all([s1, s2].map(async (p) => ((await p.locator(tid('elective-error')).count()) > 0 ? await p.locator(tid('elective-error')).innerText() : '')));
      const full = texts.filter((x) => x.includes('班级人数已满'));
      expect(full).toHaveLength(1);
      return texts.findIndex((x) => x.includes('班级人数已满'));
    });
    // one page is told the class is full only once the other's selection is committed: the seat is held once
    const [offer] = await rows<{ taken: number; stored: string }>(
      `SELECT o.taken, (SELECT count(*) FROM elective_selection s WHERE s.batch_id = o.batch_id AND s.course_id = o.course_id) AS stored
         FROM elective_offer o JOIN elective_batch b ON b.id = o.batch_id JOIN elective_course c ON c.id = o.course_id WHERE b.name = $1 AND c.name = $2`,
      [batchName, course],
    );
    expect(offer).toMatchObject({ taken: 1, stored: '1' });
    await eventually(async () => expect(await remaining(s1, course)).toBe('0'));
    await eventually(async () => expect(await remaining(s2, course)).toBe('0'));
    await shot(told === 0 ? s1 : s2, 'electives-06-class-size-full');

    // the limit: student keeps choosing until told "at most 2"
    for (const next of ['篮球', '英语戏剧']) {
      const text = (await s1.locator(tid('elective-error')).count()) > 0 ? await s1.locator(tid('elective-error')).innerText() : '';
      if (text.includes('最多只能选2门')) break;
      await s1.locator(`${tid(`offer-${next}`)} ${tid('offer-select')}`).click();
      await s1.waitForTimeout(500);
    }
    await eventually(async () => expect(await s1.locator(tid('elective-error')).innerText()).toContain('选课超出限制：最多只能选2门'));
    await shot(s1, 'electives-07-at-most-2');
  });

  it('a lottery batch: the same seed draws the same', async () => {
    const admin = await login('admin');
    const [semester] = await rows<{ id: string }>(`SELECT id FROM semester WHERE is_current`);
    const res = await call<ElectiveBatch>(electivesPath.batches, {
      token: admin,
      json: { name: `抽签演示${suffix}`, semesterId: semester?.id, grades: [10], start: formatSchoolTime(Date.now() - MIN), end: formatSchoolTime(Date.now() + 60 * MIN), maxPerStudent: 1, mode: 'lottery' },
    });
    const b = res.body.data as ElectiveBatch;
    const offers = (await rows<{ id: string }>(`SELECT course_id AS id FROM elective_offer WHERE batch_id = $1`, [b.id])).map((r) => r.id);
    for (const account of ['202511003', '202511004', '202511005', '202521003']) {
      const token = await login(account);
      expect((await call(electivesPath.preferences(b.id), { token, method: 'PUT', json: { courseIds: offers.slice(0, 2) } })).status).toBe(200);
    }
    await rows(`UPDATE elective_batch SET end_at = now() - interval '1 second' WHERE id = $1`, [b.id]);
    const a = (await page()).page;
    await signedIn(a, 'admin', '/elective/xkpc');
    await a.locator(`${tid(`batch-${b.name}`)} ${tid('batch-rosters')}`).click();
    const draw = async () => {
      await a.locator(tid('elective-seed')).locator('input').fill('spring-2026');
      // the result shown is this draw's: read once its answer is in (a second draw leaves the first one's text shown)
      const answered = a.waitForResponse((r) => r.request().method() === 'POST' && /\/draw$/.test(new URL(r.url()).pathname));
      await a.locator(tid('elective-draw-run')).click();
      expect((await answered).ok()).toBe(true);
      return a.locator(tid('elective-draw-result')).innerText();
    };
    const first = await eventually(draw);
    await a.locator(tid('elective-rosters')).waitFor();
    await shot(a, 'electives-08-lottery-drawn');
    const again = await draw();
    expect(again).toBe(first);
    expect(first).toContain('spring-2026');
  });
});
