import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type ElectiveBatch,
  type ElectiveCourse,
  type ElectiveDrawResult,
  type ElectiveMine,
  type ElectiveOffer,
  type ElectiveRoster,
  type ElectiveSeatsPush,
  electivesPath,
  type ElectiveSelected,
  formatSchoolTime,
  type WorkflowCommandResult,
} from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { baseUrl, call, login, withDb } from '../support/api.js';
import { caughtUp, connectSocket, flowCalls, nextPush, until } from '../support/workflow.js';

/**
 * Electives end to end (issue 27 parts 1–3, docs/product/electives.md) on the worker's shared server: a teacher's
 * declaration passed by the office becomes an offerable course; a first-come batch where more students than seats
 * press at once — exactly the capacity is taken (checked in the database), the others told "class size full", a
 * double click stores one; the limit and the time clash with their messages; the seats pushed to a watcher; a drop
 * giving the seat back; rosters and their Excel; a lottery batch whose draw is reproducible by seed.
 */
const MIN = 60_000;
const at = (ms: number): string => formatSchoolTime(Date.now() + ms);
const tokens = {} as Record<'admin' | 'office' | 'teacher' | 'student', string>;
const sockets: Socket[] = [];
const suffix = Math.random().toString(36).slice(2, 7);
let semesterId = '';
let demo: ElectiveCourse[] = [];
const declaration = flowCalls('elective-course');

const rows = <T>(sql: string, args: unknown[] = []): Promise<T[]> => withDb(async (c) => (await c.query(sql, args)).rows as T[]);
const demoCourse = (name: string): string => (demo.find((c) => c.name === name) as ElectiveCourse).id;

async function batch(over: Record<string, unknown>): Promise<ElectiveBatch> {
  const res = await call<ElectiveBatch>(electivesPath.batches, {
    token: tokens.admin,
    json: { name: `选课测试 ${suffix} ${Math.random().toString(36).slice(2, 6)}`, semesterId, grades: [10], start: at(-MIN), end: at(60 * MIN), maxPerStudent: 1, mode: 'first-come', ...over },
  });
  expect(res.body.msg).toBe('保存成功');
  expect(res.status).toBe(200);
  return res.body.data as ElectiveBatch;
}

const select = (token: string, batchId: string, courseId: string, lang: 'zh' | 'en' = 'zh') => call<ElectiveSelected>(electivesPath.selections(batchId), { token, json: { courseId }, lang });

beforeAll(async () => {
  for (const who of ['admin', 'office', 'teacher', 'student'] as const) tokens[who] = await login(who);
  semesterId = (await rows<{ id: string }>(`SELECT id FROM semester WHERE is_current`))[0]?.id as string;
  demo = (await call<ElectiveCourse[]>(electivesPath.courses, { token: tokens.student })).body.data ?? [];
}, 60_000);

afterAll(() => {
  for (const s of sockets) s.disconnect();
});

describe('declaring an elective course', () => {
  it('the demo offers passed courses of the current semester at once', () => {
    expect(demo.map((c) => c.name)).toEqual(expect.arrayContaining(['机器人编程', '篮球', '书法鉴赏', '英语戏剧']));
    expect(demo.every((c) => c.semesterId === semesterId && c.capacity > 0)).toBe(true);
  });

  it('a teacher declares, the office passes: the course is offerable; refusals write nothing', async () => {
    const form = { name: `天文观测${suffix}`, description: '认识星空，用望远镜观测月面与行星。', grades: ['10'], capacity: '3', minSize: '1', slots: ['6-5'] };
    const tooLong = await declaration.submit(tokens.teacher, { ...form, description: '星'.repeat(301) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.msg).toBe('课程简介不能超过300字');
    const bigMin = await declaration.submit(tokens.teacher, { ...form, minSize: '4' });
    expect(bigMin.status).toBe(400);
    const notTeacher = await declaration.submit(tokens.student, form);
    expect(notTeacher.status).toBe(403);
    const started = await declaration.submit(tokens.teacher, form);
    expect(started.status).toBe(200);
    const id = started.body.data?.id as string;
    const passed = await declaration.act(tokens.office, id, { type: 'APPROVE' });
    expect(passed.body.data?.state).toBe('approved');
    await caughtUp('workflow-effects');
    const courses = (await call<ElectiveCourse[]>(electivesPath.courses, { token: tokens.admin })).body.data ?? [];
    const mine = courses.find((c) => c.instanceId === id);
    expect(mine).toMatchObject({ name: form.name, capacity: 3, minSize: 1, grades: [10], slots: [{ weekday: 6, period: 5 }], teacherName: '陈老师' });
  });
});

describe('a first-come batch under a rush', () => {
  let astronomy: string;
  let b: ElectiveBatch;
  const students: string[] = [];

  beforeAll(async () => {
    // a small course of its own (capacity 3): declared and passed like any other
    const started = await declaration.submit(tokens.teacher, { name: `抢课测试${suffix}`, description: '容量为三的测试课程。', grades: ['10'], capacity: '3', minSize: '0', slots: ['6-6'] });
    const id = (started.body as { data?: WorkflowCommandResult }).data?.id as string;
    await declaration.act(tokens.office, id, { type: 'APPROVE' });
    await caughtUp('workflow-effects');
    astronomy = (await rows<{ id: string }>(`SELECT id FROM elective_course WHERE instance_id = $1`, [id]))[0]?.id as string;
    b = await batch({ courseIds: [astronomy, demoCourse('机器人编程'), demoCourse('书法鉴赏'), demoCourse('篮球')], maxPerStudent: 2 });
    const accounts = (await rows<{ account: string }>(
      `SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id JOIN admin_class c ON c.id = s.class_id WHERE c.grade = 10 AND u.account <> 'student' ORDER BY u.account LIMIT 10`,
    )).map((r) => r.account);
    for (const a of accounts) students.push(await login(a));
  }, 120_000);

  it('is in progress; its courses carry their seats', async () => {
    expect(b.state).toBe('inProgress');
    const offers = (await call<ElectiveOffer[]>(electivesPath.offers(b.id), { token: tokens.student })).body.data ?? [];
    expect(offers.find((o) => o.courseId === astronomy)).toMatchObject({ capacity: 3, remaining: 3 });
  });

  it("names its semester in the reader's language: English where the semester has it, else Chinese", async () => {
    const [semester] = await rows<{ name: string; name_en: string }>(`SELECT name, name_en FROM semester WHERE id = $1`, [semesterId]);
    expect(semester?.name_en).not.toMatch(/^$|[\u4e00-\u9fff]/);
    const listed = async (lang: 'zh' | 'en') => ((await call<ElectiveBatch[]>(electivesPath.batches, { token: tokens.student, lang })).body.data ?? []).find((x) => x.id === b.id)?.semesterName;
    const one = async (lang: 'zh' | 'en') => (await call<ElectiveBatch>(electivesPath.batch(b.id), { token: tokens.admin, lang })).body.data?.semesterName;
    expect([await listed('zh'), await one('zh')]).toEqual([semester?.name, semester?.name]);
    expect([await listed('en'), await one('en')]).toEqual([semester?.name_en, semester?.name_en]);
  });

  it('ten students and a double click at once on three seats: exactly three stored, the rest told "class size full"; the watcher sees 0', async () => {
    const watcher = await connectSocket(tokens.admin);
    sockets.push(watcher);
    expect(await watcher.emitWithAck('elective.watch', { batchId: b.id })).toEqual({ ok: true });
    const zero = nextPush<ElectiveSeatsPush>(watcher, 'elective.seats', (p) => p.batchId === b.id && p.courses.some((c) => c.courseId === astronomy && c.remaining === 0));
    const first = students[0] as string;
    const answers = await Promise.all([first, ...students].map((t) => select(t, b.id, astronomy)));
    const won = answers.filter((a) => a.status === 200);
    const full = answers.filter((a) => a.status === 409);
    // the double click answers 200 twice (the seat is theirs) but stores one
    expect(won.length + full.length).toBe(11);
    expect(full.every((a) => a.body.msg === '班级人数已满' && a.body.result === false)).toBe(true);
    const [db] = await rows<{ taken: number; stored: string; students: string }>(
      `SELECT o.taken, (SELECT count(*) FROM elective_selection s WHERE s.batch_id = o.batch_id AND s.course_id = o.course_id) AS stored,
              (SELECT count(DISTINCT s.student_id) FROM elective_selection s WHERE s.batch_id = o.batch_id AND s.course_id = o.course_id) AS students
         FROM elective_offer o WHERE o.batch_id = $1 AND o.course_id = $2`,
      [b.id, astronomy],
    );
    expect(db).toMatchObject({ taken: 3, stored: '3', students: '3' });
    expect(full.length).toBeGreaterThanOrEqual(7);
    expect((await zero).courses.find((c) => c.courseId === astronomy)?.remaining).toBe(0);
    const loser = students.find((_, i) => answers[i + 1]?.status === 409) as string;
    const en = await select(loser, b.id, astronomy, 'en');
    expect(en.status).toBe(409);
    expect(en.body.msg).toBe('Class size full');
  });

  it('a time clash names the other course; a double click stores one selection', async () => {
    // 书法鉴赏 shares 机器人编程's slot
    expect((await select(tokens.student, b.id, demoCourse('机器人编程'))).status).toBe(200);
    const clash = await select(tokens.student, b.id, demoCourse('书法鉴赏'));
    expect(clash.status).toBe(422);
    expect(clash.body.msg).toBe('上课时间冲突：与“机器人编程”时间冲突');
    const [x, y] = await Promise.all([select(tokens.student, b.id, demoCourse('篮球')), select(tokens.student, b.id, demoCourse('篮球'))]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect(x.body.data?.remaining).toBe(y.body.data?.remaining);
    const mine = (await call<ElectiveMine>(electivesPath.mine(b.id), { token: tokens.student })).body.data;
    expect(mine?.courseIds).toEqual([demoCourse('机器人编程'), demoCourse('篮球')]);
  });

  it('over the limit answers "at most N"; a drop gives the seat back and lets another in', async () => {
    const third = await select(tokens.student, b.id, astronomy);
    expect(third.status).toBe(422);
    expect(third.body.msg).toBe('选课超出限制：最多只能选2门');
    const en = await select(tokens.student, b.id, astronomy, 'en');
    expect(en.body.msg).toBe('Selection exceeds limit: you may select at most 2');
    const before = (await rows<{ taken: number }>(`SELECT taken FROM elective_offer WHERE batch_id = $1 AND course_id = $2`, [b.id, demoCourse('篮球')]))[0]?.taken as number;
    const dropped = await call<ElectiveSelected>(electivesPath.selection(b.id, demoCourse('篮球')), { token: tokens.student, method: 'DELETE' });
    expect(dropped.status).toBe(200);
    expect((await rows<{ taken: number }>(`SELECT taken FROM elective_offer WHERE batch_id = $1 AND course_id = $2`, [b.id, demoCourse('篮球')]))[0]?.taken).toBe(before - 1);
    const again = await call(electivesPath.selection(b.id, demoCourse('篮球')), { token: tokens.student, method: 'DELETE' });
    expect(again.status).toBe(422);
  });

  it('refusals: a teacher cannot select, a student cannot manage; rosters and their Excel for the office', async () => {
    expect((await select(tokens.teacher, b.id, astronomy)).status).toBe(403);
    expect((await call(electivesPath.rosters(b.id), { token: tokens.student })).status).toBe(403);
    const rosters = (await call<ElectiveRoster[]>(electivesPath.rosters(b.id), { token: tokens.office })).body.data ?? [];
    expect(rosters.find((r) => r.courseId === astronomy)?.students).toHaveLength(3);
    const res = await fetch(`${baseUrl()}/server${electivesPath.rosters(b.id)}?format=xlsx`, { headers: { 'X-Access-Token': tokens.office } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('when the window ends the timer makes teaching classes of the passed selections', async () => {
    await rows(`UPDATE elective_batch SET end_at = now() - interval '1 second', start_at = now() - interval '1 hour' WHERE id = $1`, [b.id]);
    const made = await until(
      () => rows<{ n: string }>(`SELECT count(*) AS n FROM teaching_class_student ts JOIN elective_offer o ON o.teaching_class_id = ts.teaching_class_id WHERE o.batch_id = $1 AND o.course_id = $2`, [b.id, astronomy]),
      (r) => r[0]?.n === '3',
    );
    expect(made[0]?.n).toBe('3');
    expect((await select(students[0] as string, b.id, demoCourse('篮球'))).body.msg).toBe('不在选课时间内');
  });
});

describe('a lottery batch', () => {
  it('students rank during the window; the draw after it is reproducible by seed', async () => {
    const b = await batch({ mode: 'lottery', courseIds: [demoCourse('英语戏剧'), demoCourse('机器人编程')], maxPerStudent: 1 });
    const accounts = (await rows<{ account: string }>(
      `SELECT u.account FROM student s JOIN sys_user u ON u.id = s.user_id JOIN admin_class c ON c.id = s.class_id WHERE c.grade = 10 ORDER BY u.account DESC LIMIT 6`,
    )).map((r) => r.account);
    for (const a of accounts) {
      const t = await login(a);
      const put = await call(electivesPath.preferences(b.id), { token: t, method: 'PUT', json: { courseIds: [demoCourse('英语戏剧'), demoCourse('机器人编程')] } });
      expect(put.status).toBe(200);
    }
    expect((await select(tokens.student, b.id, demoCourse('英语戏剧'))).body.msg).toBe('不在选课时间内');
    expect((await call(electivesPath.draw(b.id), { token: tokens.admin, json: { seed: 'early' } })).body.msg).toBe('志愿填报尚未结束，不能抽签');
    await rows(`UPDATE elective_batch SET end_at = now() - interval '1 second', start_at = now() - interval '1 hour' WHERE id = $1`, [b.id]);
    const one = await call<ElectiveDrawResult>(electivesPath.draw(b.id), { token: tokens.admin, json: { seed: 'spring-2026' } });
    expect(one.status).toBe(200);
    const rosterOf = async () => ((await call<ElectiveRoster[]>(electivesPath.rosters(b.id), { token: tokens.admin })).body.data ?? []).map((r) => [r.courseName, r.students.map((s) => s.studentNo)]);
    const firstRoster = await rosterOf();
    const other = await call<ElectiveDrawResult>(electivesPath.draw(b.id), { token: tokens.admin, json: { seed: 'another' } });
    const two = await call<ElectiveDrawResult>(electivesPath.draw(b.id), { token: tokens.admin, json: { seed: 'spring-2026' } });
    expect(two.body.data?.digest).toBe(one.body.data?.digest);
    expect(other.body.data?.digest).not.toBe(one.body.data?.digest);
    expect(await rosterOf()).toEqual(firstRoster);
    expect(one.body.data?.byPreference).toBe(6);
    const [db] = await rows<{ over: string }>(`SELECT count(*) AS over FROM elective_offer WHERE batch_id = $1 AND taken > capacity`, [b.id]);
    expect(db?.over).toBe('0');
  });
});
