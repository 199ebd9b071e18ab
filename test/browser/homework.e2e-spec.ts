import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import type { CreatePostAnswer, Submission } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { appUrl, eventually, shot, signedIn, tid, waitForPath } from '../support/browser.js';
import { browserPages, openFromSidebar, schoolInput } from '../support/flow-pages.js';
import { schoolDate } from '../support/workflow.js';

// Issue 24's homework in the browser: the head teacher posts homework to 高一(1)班 due tomorrow; the demo student
// hands it in with an attachment and changes it before the due time; a homework already past its due time is handed
// in and shown as late, no longer changeable; the head teacher's class overview says who handed in on time, late or
// not yet, and the teacher comments and scores; the student then sees the review. The same pages in English.

const GROUP = '/academic/group/publishing';
const HOMEWORK = '/publishing/homework';
const CLASS = '高一(1)班';
const STUDENT = 'student';
/** A 1×1 PNG: the photo of the homework handed in. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const overviewCounts = async (page: Page) => {
  const c = page.locator(tid('homework-counts'));
  return {
    total: Number(await c.getAttribute('data-total')),
    onTime: Number(await c.getAttribute('data-on-time')),
    late: Number(await c.getAttribute('data-late')),
    missing: Number(await c.getAttribute('data-missing')),
  };
};

describe('homework in the browser', () => {
  const { page } = browserPages();

  it('posted, handed in with an attachment, a late one marked, reviewed by the teacher and seen by the student', async () => {
    const title = `数学作业 ${Date.now().toString(36)}`;
    const teacher = await page();
    const student = await page();
    const h = teacher.page;
    const s = student.page;
    await Promise.all([signedIn(h, 'headteacher'), signedIn(s, STUDENT)]);

    // the head teacher posts homework to 高一(1)班, math, due tomorrow at 18:00
    await openFromSidebar(h, GROUP, HOMEWORK);
    await h.locator(tid('post-compose')).click();
    await h.locator(tid('post-form')).waitFor();
    await h.locator(tid('post-title-input')).fill(title);
    await h.locator(tid('post-body-editor')).click();
    await h.keyboard.type('完成课本第 35 页习题 1—5。');
    const classOption = h.locator(`${tid('post-classIds')} option`, { hasText: CLASS });
    await eventually(async () => expect(await classOption.count()).toBe(1));
    await h.locator(tid('post-classIds')).selectOption((await classOption.getAttribute('value')) ?? '');
    const mathOption = h.locator(`${tid('post-course')} option`, { hasText: '数学' });
    await eventually(async () => expect(await mathOption.count()).toBeGreaterThan(0));
    await h.locator(tid('post-course')).selectOption((await mathOption.first().getAttribute('value')) ?? '');
    const due = schoolInput(1, 18);
    await h.locator(tid('post-due')).fill(due);
    await h.locator(tid('post-submit')).click();
    await waitForPath(h, HOMEWORK);
    const row = h.locator(`${tid('post-row')}[data-title="${title}"]`);
    await row.waitFor();
    const id = (await row.getAttribute('data-id')) ?? '';
    expect(id).not.toBe('');

    // a homework already past its due time (as the e2e does: set next week through the API — a due time already past
    // is refused — then the due time moved two weeks back in the database)
    const token = await login('headteacher');
    const lateTitle = `已截止的作业 ${Date.now().toString(36)}`;
    const detail = await call<{ audience: { classIds: string[] }; courseId: string }>(`/api/posts/${id}`, { token });
    const created = await call<CreatePostAnswer>('/api/posts', {
      token,
      json: { kind: 'homework', title: lateTitle, body: '<p>上周的作业</p>', audience: { classIds: detail.body.data?.audience.classIds }, courseId: detail.body.data?.courseId, dueAt: `${schoolDate(7)} 08:00`, publish: true },
    });
    expect(created.status).toBe(200);
    const lateId = created.body.data?.id ?? '';
    await withDb((c) => c.query(`UPDATE post SET due_at = due_at - interval '14 days' WHERE id = $1`, [lateId]));

    // the student opens it: the due time, nothing handed in yet
    await s.goto(appUrl(`${HOMEWORK}?id=${id}`));
    await s.locator(tid('homework-panel')).waitFor();
    expect((await s.locator(tid('homework-due')).innerText()).trim()).toBe(`${due.replace('T', ' ')}:00 截止，截止前可修改`);
    await s.locator(tid('homework-not-submitted')).waitFor();
    // nothing written and no file: refused under the form, nothing handed in
    await s.locator(tid('homework-submit')).click();
    expect((await s.locator(tid('homework-text-error')).innerText()).trim()).toBe('请填写作业内容或上传附件');
    await s.locator(tid('homework-not-submitted')).waitFor();
    await s.locator(tid('homework-text-input')).fill('第 1 题：x = 2');
    await s.locator(tid('homework-files-input')).setInputFiles({ name: '作业照片.png', mimeType: 'image/png', buffer: PNG });
    await eventually(async () => expect(await s.locator(tid('homework-files-item')).count()).toBe(1));
    await shot(s, 'homework-01-student-form');
    await s.locator(tid('homework-submit')).click();
    const mine = s.locator(tid('homework-submission'));
    await mine.waitFor();
    expect(await mine.getAttribute('data-late')).toBe('false');
    expect(await mine.locator(tid('homework-state')).getAttribute('data-state')).toBe('onTime');
    expect(await mine.locator(tid('homework-file')).innerText()).toContain('作业照片.png');
    // changed before the due time
    await s.locator(tid('homework-edit')).click();
    await s.locator(tid('homework-text-input')).fill('第 1 题：x = 2；第 2 题：y = 3');
    // the attachment handed in is still there, named
    await eventually(async () => expect(await s.locator(tid('homework-files-item')).innerText()).toContain('作业照片'));
    await s.locator(tid('homework-submit')).click();
    await eventually(async () => expect(await s.locator(tid('homework-text')).innerText()).toBe('第 1 题：x = 2；第 2 题：y = 3'));
    await s.locator(tid('homework-review-none')).waitFor();
    await shot(s, 'homework-02-student-submitted');

    // the late one: taken, marked late, and no longer changeable
    await s.goto(appUrl(`${HOMEWORK}?id=${lateId}`));
    await s.locator(tid('homework-panel')).waitFor();
    expect(await s.locator(tid('homework-due')).getAttribute('data-closed')).toBe('true');
    await s.locator(tid('homework-text-input')).fill('迟交的作业');
    await s.locator(tid('homework-submit')).click();
    await s.locator(tid('homework-submission')).waitFor();
    expect(await s.locator(tid('homework-submission')).getAttribute('data-late')).toBe('true');
    expect((await s.locator(`${tid('homework-submission')} ${tid('homework-state')}`).innerText()).trim()).toBe('迟交');
    await s.locator(tid('homework-locked')).waitFor();
    expect(await s.locator(tid('homework-edit')).count()).toBe(0);
    await shot(s, 'homework-03-student-late');

    // the head teacher's overview of the late one: the student late, the others not yet
    await h.goto(appUrl(`${HOMEWORK}?id=${lateId}`));
    await h.locator(tid('homework-counts')).waitFor();
    const lateCounts = await overviewCounts(h);
    expect(lateCounts).toEqual({ total: lateCounts.total, onTime: 0, late: 1, missing: lateCounts.total - 1 });
    expect(await h.locator(`${tid('homework-row')}[data-account="${STUDENT}"]`).getAttribute('data-state')).toBe('late');

    // and of the first: on time 1, the rest not yet; comment and score the student's
    await h.goto(appUrl(`${HOMEWORK}?id=${id}`));
    await h.locator(tid('homework-counts')).waitFor();
    const counts = await overviewCounts(h);
    expect(counts.total).toBeGreaterThan(1);
    expect(counts).toEqual({ total: counts.total, onTime: 1, late: 0, missing: counts.total - 1 });
    expect(await h.locator(`${tid('homework-row')}[data-state="missing"]`).count()).toBe(counts.total - 1);
    const studentRow = h.locator(`${tid('homework-row')}[data-account="${STUDENT}"]`);
    expect(await studentRow.getAttribute('data-state')).toBe('onTime');
    await studentRow.locator(tid('homework-open')).click();
    const panel = h.locator(tid('homework-review-panel'));
    await panel.waitFor();
    expect(await panel.locator(tid('homework-text')).innerText()).toBe('第 1 题：x = 2；第 2 题：y = 3');
    // a score out of bounds: the shared schema's message, nothing sent
    await h.locator(tid('homework-comment-input')).fill('思路清晰，第 2 题写出过程。');
    await h.locator(tid('homework-score-input')).fill('-5');
    await h.locator(tid('homework-review-save')).click();
    await h.locator(tid('homework-score-error')).waitFor();
    await h.locator(tid('homework-score-input')).fill('92');
    await shot(h, 'homework-04-teacher-review');
    await h.locator(tid('homework-review-save')).click();
    await panel.waitFor({ state: 'detached' });
    await eventually(async () => expect((await studentRow.locator(tid('homework-row-score')).innerText()).trim()).toBe('92'));
    await shot(h, 'homework-05-teacher-overview');
    const server = await call<Submission[]>(`/api/posts/${id}/submissions`, { token });
    expect(server.body.data?.find((x) => x.comment !== null)).toMatchObject({ comment: '思路清晰，第 2 题写出过程。', score: 92, late: false });

    // the student sees the review
    await s.goto(appUrl(`${HOMEWORK}?id=${id}`));
    await s.locator(tid('homework-review-comment')).waitFor();
    expect(await s.locator(tid('homework-review-comment')).innerText()).toBe('思路清晰，第 2 题写出过程。');
    expect(await s.locator(tid('homework-review-score')).getAttribute('data-score')).toBe('92');
    await shot(s, 'homework-06-student-reviewed');
    expect(teacher.problems.unexpected()).toEqual([]);
    expect(student.problems.unexpected()).toEqual([]);

    // in English: the student's reviewed and late homework, the teacher's overview
    const studentEn = await page(true);
    const teacherEn = await page(true);
    await Promise.all([signedIn(studentEn.page, STUDENT), signedIn(teacherEn.page, 'headteacher')]);
    await studentEn.page.goto(appUrl(`${HOMEWORK}?id=${id}`));
    await studentEn.page.locator(tid('homework-review-comment')).waitFor();
    expect((await studentEn.page.locator(tid('homework-review-score')).innerText()).trim()).toBe('92 points');
    expect(await studentEn.page.locator(tid('homework-due')).innerText()).toContain('it can be changed until then');
    await shot(studentEn.page, 'homework-07-student-en');
    await studentEn.page.goto(appUrl(`${HOMEWORK}?id=${lateId}`));
    await studentEn.page.locator(tid('homework-locked')).waitFor();
    expect((await studentEn.page.locator(`${tid('homework-submission')} ${tid('homework-state')}`).innerText()).trim()).toBe('Late');
    await shot(studentEn.page, 'homework-08-late-en');
    await teacherEn.page.goto(appUrl(`${HOMEWORK}?id=${id}`));
    await teacherEn.page.locator(tid('homework-counts')).waitFor();
    expect(await teacherEn.page.locator(tid('homework-counts')).innerText()).toBe(`${counts.total} students: 1 on time, 0 late, ${counts.total - 1} not yet`);
    await shot(teacherEn.page, 'homework-09-overview-en');
    expect(studentEn.problems.unexpected()).toEqual([]);
    expect(teacherEn.problems.unexpected()).toEqual([]);
  }, 300_000);
});
