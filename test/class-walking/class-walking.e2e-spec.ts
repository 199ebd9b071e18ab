import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  resources,
  type TimetableAnswer,
  type WorkflowCommandResult,
  type ZoubanChoicePush,
  type ZoubanCombinationCount,
  type ZoubanGenerated,
  type ZoubanMyChoice,
  type ZoubanProgress,
  type ZoubanTeachingClass,
  type ZoubanWindow,
} from '@schoolflow/contracts';
import type { Socket } from 'socket.io-client';
import { call, type CallResult, login, withDb } from '../support/api.js';
import { connectSocket, nextPush, until } from '../support/workflow.js';


/** A call's data (the envelope's `data`, present on success). */
const data = <T>(r: CallResult<T>): T => r.body.data as T;
/**
 * 走班管理 end to end (issue 27 part 4; docs/product/class-walking-and-registrations.md) on the shared server: the
 * office opens a window for 高一 with the new gaokao's rules (1 of physics/history + 2 of the four), bad input answers
 * the envelope in the caller's language and writes nothing, the whole of 高一(1)班 chooses (one double-submits at once:
 * one choice), the head teacher's socket hears each choice, the rules and the window refuse with their messages, the
 * office reads the counts and generates teaching classes within the capacity once the window ended — the timetable
 * inquiry shows their lessons — and a change after the window goes through the `zouban-change` flow (head teacher →
 * office) whose effect moves the student between teaching classes.
 */
const zh = resources.zh['class-walking'];
const en = resources.en['class-walking'];
const tokens = {} as Record<'office' | 'headteacher' | 'teacher' | 'student', string>;
const course = {} as Record<'PHY' | 'HIS' | 'CHEM' | 'BIO' | 'POL' | 'GEO', string>;
let semesterId = '';
let classId = '';
let students: { account: string; token: string; studentId: string }[] = [];
let windowId = '';
let headSocket: Socket;

const one = async <T>(sql: string, args: unknown[] = []): Promise<T> => withDb(async (c) => (await c.query(sql, args)).rows[0] as T);
const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
const windowBody = (over: Record<string, unknown> = {}) => ({
  name: `走班-${Date.now().toString(36)}`,
  semesterId,
  grade: 10,
  start: iso(-60_000),
  end: iso(3_600_000),
  groups: [
    { name: '首选', courseIds: [course.PHY, course.HIS], choose: 1 },
    { name: '再选', courseIds: [course.CHEM, course.BIO, course.POL, course.GEO], choose: 2 },
  ],
  capacity: 12,
  weeklyPeriods: 1,
  ...over,
});
/** The combinations handed out in turn: physics-heavy, as a real grade is. */
const COMBOS: (keyof typeof course)[][] = [
  ['PHY', 'CHEM', 'BIO'],
  ['PHY', 'CHEM', 'GEO'],
  ['HIS', 'POL', 'GEO'],
  ['PHY', 'BIO', 'GEO'],
];
const choose = (token: string, codes: (keyof typeof course)[], lang?: 'zh' | 'en') =>
  call<ZoubanMyChoice>(`/api/zouban/windows/${windowId}/choice`, { token, method: 'PUT', json: { courseIds: codes.map((c) => course[c]) }, ...(lang ? { lang } : {}) });

beforeAll(async () => {
  for (const who of ['office', 'headteacher', 'teacher', 'student'] as const) tokens[who] = await login(who);
  const rows = await withDb(async (c) => (await c.query(`SELECT id, code FROM course WHERE code = ANY($1)`, [Object.keys({ PHY: 1, HIS: 1, CHEM: 1, BIO: 1, POL: 1, GEO: 1 })])).rows as { id: string; code: keyof typeof course }[]);
  for (const r of rows) course[r.code] = r.id;
  semesterId = (await one<{ id: string }>(`SELECT id FROM semester WHERE is_current`)).id;
  classId = (await one<{ id: string }>(`SELECT c.id FROM admin_class c JOIN sys_user u ON u.id = c.head_teacher_id WHERE u.account = 'headteacher'`)).id;
  const accounts = await withDb(async (c) => (await c.query(`SELECT u.account, s.id FROM student s JOIN sys_user u ON u.id = s.user_id WHERE s.class_id = $1 AND s.status = 'enrolled' ORDER BY s.student_no`, [classId])).rows as { account: string; id: string }[]);
  students = await Promise.all(accounts.map(async (a) => ({ account: a.account, studentId: a.id, token: a.account === 'student' ? tokens.student : await login(a.account) })));
  headSocket = await connectSocket(tokens.headteacher);
}, 120_000);

afterAll(() => {
  headSocket?.disconnect();
});

describe('class-walking (走班)', () => {
  it('refuses bad windows with the envelope in the caller\'s language and writes nothing', async () => {
    const before = await one<{ n: string }>(`SELECT count(*) AS n FROM zouban_window`);
    const backwards = await call('/api/zouban/windows', { token: tokens.office, json: windowBody({ start: iso(3_600_000), end: iso(60_000) }) });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ result: false, msg: zh.validation.endAfterStart });
    const tooMany = await call('/api/zouban/windows', { token: tokens.office, lang: 'en', json: windowBody({ groups: [{ name: '首选', courseIds: [course.PHY, course.HIS], choose: 3 }] }) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ result: false, msg: en.validation.chooseInvalid });
    const junk = await call('/api/zouban/windows', { token: tokens.office, rawBody: '{"name": 1, "groups": "x"' });
    expect(junk.status).toBe(400);
    expect(junk.body.result).toBe(false);
    const notManager = await call('/api/zouban/windows', { token: tokens.teacher, json: windowBody() });
    expect(notManager.status).toBe(403);
    expect(notManager.body.msg).toBe(zh.errors.forbidden);
    expect((await one<{ n: string }>(`SELECT count(*) AS n FROM zouban_window`)).n).toBe(before.n);
  });

  it('opens a window the grade\'s students see, with its rules', async () => {
    const created = await call<{ id: string }>('/api/zouban/windows', { token: tokens.office, json: windowBody() });
    expect(created.status).toBe(200);
    windowId = data(created).id;
    const seen = await call<ZoubanWindow[]>('/api/zouban/windows', { token: tokens.student });
    const mine = data(seen).find((w) => w.id === windowId);
    expect(mine).toMatchObject({ state: 'open', grade: 10, capacity: 12, chosen: 0 });
    expect(mine?.groups.map((g) => g.courses.length)).toEqual([2, 4]);
  });

  it("names the window's semester in the reader's language: English where the semester has it, else Chinese", async () => {
    const semester = await one<{ name: string; name_en: string }>(`SELECT name, name_en FROM semester WHERE id = $1`, [semesterId]);
    expect(semester.name_en).not.toMatch(/^$|[\u4e00-\u9fff]/);
    const named = async (lang: 'zh' | 'en') => data(await call<ZoubanWindow[]>('/api/zouban/windows', { token: tokens.office, lang })).find((w) => w.id === windowId)?.semesterName;
    expect([await named('zh'), await named('en')]).toEqual([semester.name, semester.name_en]);
  });

  it("names the window's courses in the reader's language", async () => {
    const physics = await one<{ name: string; name_en: string }>(`SELECT name, name_en FROM course WHERE id = $1`, [course.PHY]);
    expect(physics.name_en).not.toMatch(/^$|[\u4e00-\u9fff]/);
    const first = async (lang: 'zh' | 'en') => data(await call<ZoubanWindow[]>('/api/zouban/windows', { token: tokens.office, lang })).find((w) => w.id === windowId)?.groups[0]?.courses[0]?.name;
    expect([await first('zh'), await first('en')]).toEqual([physics.name, physics.name_en]);
  });

  it('holds the rules: each group its count, only its courses; a double submit stores one choice', async () => {
    const tooFew = await choose(tokens.student, ['PHY', 'CHEM']);
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.msg).toBe(zh.errors.groupCount.replace('{{group}}', '再选').replace('{{choose}}', '2'));
    const both = await choose(tokens.student, ['PHY', 'HIS', 'CHEM', 'BIO'], 'en');
    expect(both.body.msg).toBe(en.errors.groupCount.replace('{{group}}', '首选').replace('{{choose}}', '1'));
    const alien = await call(`/api/zouban/windows/${windowId}/choice`, { token: tokens.student, method: 'PUT', json: { courseIds: [course.PHY, course.CHEM, semesterId] } });
    expect(alien.body.msg).toBe(zh.errors.unknownCourse);
    const notStudent = await choose(tokens.teacher, ['PHY', 'CHEM', 'BIO']);
    expect(notStudent.status).toBe(403);
    const twice = await Promise.all([choose(tokens.student, ['PHY', 'CHEM', 'BIO']), choose(tokens.student, ['PHY', 'CHEM', 'BIO'])]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect((await one<{ n: string }>(`SELECT count(*) AS n FROM zouban_choice WHERE window_id = $1`, [windowId])).n).toBe('1');
    expect(twice[0]?.body.data?.combination).toBe('物理+化学+生物');
  });

  it('the class chooses; the head teacher hears each choice live and reads the progress', async () => {
    const heard = nextPush<ZoubanChoicePush>(headSocket, 'zouban.choice', (p) => p.windowId === windowId && p.chosen === students.length);
    // the rest of the class chooses at once
    const answers = await Promise.all(students.filter((s) => s.account !== 'student').map((s, i) => choose(s.token, COMBOS[i % COMBOS.length] as (keyof typeof course)[])));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await heard).toMatchObject({ classId, chosen: students.length, total: students.length });
    const progress = await call<ZoubanProgress>(`/api/zouban/windows/${windowId}/progress`, { token: tokens.headteacher });
    expect(data(progress)).toMatchObject({ classId, chosen: students.length, total: students.length });
    expect(data(progress).students.every((s) => s.combination !== null)).toBe(true);
    const other = await one<{ id: string }>(`SELECT id FROM admin_class WHERE grade = 10 AND id <> $1 LIMIT 1`, [classId]);
    const notHis = await call(`/api/zouban/windows/${windowId}/progress?classId=${other.id}`, { token: tokens.headteacher });
    expect(notHis.status).toBe(403);
    expect(notHis.body.msg).toBe(zh.errors.notHeadTeacher);
  });

  it('the office counts per combination; nobody else may', async () => {
    const counts = await call<ZoubanCombinationCount[]>(`/api/zouban/windows/${windowId}/combinations`, { token: tokens.office });
    expect(data(counts).reduce((n, c) => n + c.count, 0)).toBe(students.length);
    expect(data(counts)[0]?.combination).toBe('物理+化学+生物');
    const english = await withDb(async (c) => (await c.query(`SELECT string_agg(name_en, '+' ORDER BY array_position($1::uuid[], id)) AS n FROM course WHERE id = ANY($1::uuid[])`, [[course.PHY, course.CHEM, course.BIO]])).rows[0] as { n: string });
    expect(data(await call<ZoubanCombinationCount[]>(`/api/zouban/windows/${windowId}/combinations`, { token: tokens.office, lang: 'en' }))[0]?.combination).toBe(english.n);
    expect((await call(`/api/zouban/windows/${windowId}/combinations`, { token: tokens.headteacher })).status).toBe(403);
  });

  it('generates only after the window; then within capacity, and the timetable inquiry shows the classes', async () => {
    const early = await call(`/api/zouban/windows/${windowId}/generate`, { token: tokens.office, method: 'POST' });
    expect(early.status).toBe(422);
    expect(early.body.msg).toBe(zh.errors.notEnded);
    // the rules stay once chosen; the end may move: it closes in a moment
    const changedRules = await call(`/api/zouban/windows/${windowId}`, { token: tokens.office, method: 'PUT', json: windowBody({ name: 'x', capacity: 12, groups: [{ name: '首选', courseIds: [course.PHY, course.HIS], choose: 1 }] }) });
    expect(changedRules.body.msg).toBe(zh.errors.hasChoices);
    const w = await one<{ name: string; start_at: Date }>(`SELECT name, start_at FROM zouban_window WHERE id = $1`, [windowId]);
    const closing = await call(`/api/zouban/windows/${windowId}`, { token: tokens.office, method: 'PUT', json: windowBody({ name: w.name, start: new Date(w.start_at).toISOString(), end: iso(1_500) }) });
    expect(closing.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1_700));
    const late = await choose(tokens.student, ['HIS', 'POL', 'GEO']);
    expect(late.status).toBe(422);
    expect(late.body.msg).toBe(zh.errors.notOpen);

    const generated = await call<ZoubanGenerated>(`/api/zouban/windows/${windowId}/generate`, { token: tokens.office, method: 'POST' });
    expect(generated.status).toBe(200);
    const classes = data(await call<ZoubanTeachingClass[]>(`/api/zouban/windows/${windowId}/classes`, { token: tokens.office }));
    expect(classes.length).toBe(data(generated).classes);
    expect(classes.every((c) => c.size <= 12 && c.size > 0)).toBe(true);
    // every chooser is in exactly one class of each chosen course
    const membership = await withDb(async (c) =>
      (await c.query(
        `SELECT ch.student_id, x AS course_id, (SELECT count(*)::int FROM teaching_class_student ts JOIN zouban_class zc ON zc.teaching_class_id = ts.teaching_class_id
            WHERE zc.window_id = $1 AND zc.course_id = x AND ts.student_id = ch.student_id) AS n
           FROM zouban_choice ch, unnest(ch.course_ids) x WHERE ch.window_id = $1`,
        [windowId],
      )).rows as { n: number }[],
    );
    expect(membership.length).toBe(students.length * 3);
    expect(membership.every((m) => m.n === 1)).toBe(true);
    const placed = classes.filter((c) => c.lessons > 0);
    expect(placed.length).toBeGreaterThan(0);
    expect(data(generated).unplaced).toBe(classes.length - placed.length);
    // the inquiry: the office by teaching class, the student their own week with the class among their lessons
    const first = placed[0] as ZoubanTeachingClass;
    const byClass = await call<TimetableAnswer>(`/api/timetable?teachingClassId=${first.id}`, { token: tokens.office });
    expect(data(byClass).lessons.some((l) => l.teachingClassId === first.id)).toBe(true);
    const member = await one<{ account: string }>(`SELECT u.account FROM teaching_class_student ts JOIN student s ON s.id = ts.student_id JOIN sys_user u ON u.id = s.user_id WHERE ts.teaching_class_id = $1 LIMIT 1`, [first.id]);
    const own = await call<TimetableAnswer>('/api/timetable?mine=1', { token: (students.find((s) => s.account === member.account) as { token: string }).token });
    expect(data(own).lessons.some((l) => l.teachingClassId === first.id)).toBe(true);
  });

  it('a change after the window is a request: head teacher → office, then the student moves class', async () => {
    const s = students[1] as (typeof students)[number];
    const was = data(await call<ZoubanMyChoice>(`/api/zouban/windows/${windowId}/choice`, { token: s.token })).courseIds;
    const same = await call<WorkflowCommandResult>('/api/workflows/zouban-change', { token: s.token, json: { windowId, courseIds: was, reason: '想换' } });
    expect(same.status).toBe(422);
    expect(same.body.msg).toBe(zh.errors.sameCombination);
    const wanted: (keyof typeof course)[] = ['HIS', 'POL', 'GEO'];
    const started = await call<WorkflowCommandResult>('/api/workflows/zouban-change', { token: s.token, json: { windowId, courseIds: wanted.map((c) => course[c]), reason: '更喜欢文科' } });
    expect(started.status).toBe(200);
    const id = data(started).id;
    const head = await call<WorkflowCommandResult>(`/api/workflows/zouban-change/${id}/events`, { token: tokens.headteacher, json: { type: 'APPROVE' } });
    expect(head.status).toBe(200);
    const office = await call<WorkflowCommandResult>(`/api/workflows/zouban-change/${id}/events`, { token: tokens.office, json: { type: 'APPROVE' } });
    expect(office.status).toBe(200);
    const after = await until(
      () => call<ZoubanMyChoice>(`/api/zouban/windows/${windowId}/choice`, { token: s.token }),
      (r) => [...data(r).courseIds].sort().join() === wanted.map((c) => course[c]).sort().join(),
    );
    expect(data(after).courseIds.sort()).toEqual(wanted.map((c) => course[c]).sort());
    const courses = await withDb(async (c) =>
      (await c.query(`SELECT zc.course_id FROM teaching_class_student ts JOIN zouban_class zc ON zc.teaching_class_id = ts.teaching_class_id WHERE zc.window_id = $1 AND ts.student_id = $2`, [windowId, s.studentId])).rows.map((r: { course_id: string }) => r.course_id),
    );
    expect(courses.sort()).toEqual(wanted.map((c) => course[c]).sort());
  });
});
