import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { clashOf, type Clash, datesOfWeek, type JobProgress, type Lesson, type ScheduleCheck, type ScheduleJobResult, type TimetableAnswer, type TimetableVersion } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { type Instance, isolatedApp } from '../support/instances.js';
import { connectSocket, until } from '../support/workflow.js';

/**
 * The timetable end to end (issue 9, docs/product/timetable.md, docs/adr/0026) on a database and server of its own: it publishes
 * timetables and changes weekly periods, which the other files' shared demo school reads. The demo's published
 * timetable (made by the scheduler at seeding) keeps every hard rule; the inquiry's views and who may see what; the
 * export; placing lessons by hand with every refusal in both languages and nothing written; publishing; the check
 * before scheduling; the scheduler as a job with its pushes; the settings; the resources' own rules.
 */
const own = isolatedApp();
let app: Instance | undefined;
const tokens = {} as Record<'admin' | 'office' | 'teacher' | 'headteacher' | 'student' | 'jz202511001' | 'teacher03', string>;
const ids = {} as { teachingStart: string; semester: string; class1: string; class2: string; gym: string; teacher: string; teacher01: string; teacher03: string; teacher04: string; math: string; pe: string; student: string };

const id = (sql: string, args: unknown[] = []) => withDb(async (c) => (await c.query<{ id: string }>(sql, args)).rows[0]?.id as string);
const read = (query: string, who: keyof typeof tokens = 'admin', lang?: 'zh' | 'en') => call<TimetableAnswer>(`/api/timetable${query}`, { token: tokens[who], ...(lang ? { lang } : {}) });
const lessonsOf = async (query: string, who: keyof typeof tokens = 'admin') => ((await read(query, who)).body.data as TimetableAnswer).lessons;
const versions = async () => (await call<TimetableVersion[]>('/api/timetable/versions', { token: tokens.admin })).body.data as TimetableVersion[];
const place = (timetableId: string, classId: string, lessons: unknown[], lang?: 'zh' | 'en', who: keyof typeof tokens = 'admin') =>
  call<unknown>('/api/timetable/lessons', { method: 'PUT', token: tokens[who], json: { timetableId, classId, lessons }, ...(lang ? { lang } : {}) });
const asPlaced = (ls: readonly Lesson[]) => ls.map((l) => ({ weekday: l.weekday, period: l.period, courseId: l.courseId, teacherId: l.teacherId, classroomId: l.classroomId }));
const key = (l: { weekday: number; period: number }) => `${l.weekday}:${l.period}`;

beforeAll(async () => {
  app = await own.start();
  for (const who of ['admin', 'office', 'teacher', 'headteacher', 'student', 'jz202511001', 'teacher03'] as const) tokens[who] = await login(who);
  ids.semester = await id(`SELECT id FROM semester WHERE is_current`);
  ids.teachingStart = await id(`SELECT to_char(teaching_start, 'YYYY-MM-DD') AS id FROM semester WHERE is_current`);
  ids.class1 = await id(`SELECT id FROM admin_class WHERE name = '高一(1)班'`);
  ids.class2 = await id(`SELECT id FROM admin_class WHERE name = '高一(2)班'`);
  ids.gym = await id(`SELECT id FROM classroom WHERE code = 'G101'`);
  for (const a of ['teacher', 'teacher01', 'teacher03', 'teacher04'] as const) ids[a] = await id(`SELECT id FROM sys_user WHERE account = $1`, [a]);
  ids.math = await id(`SELECT id FROM course WHERE code = 'MATH'`);
  ids.pe = await id(`SELECT id FROM course WHERE code = 'PE'`);
  ids.student = await id(`SELECT s.id FROM student s JOIN sys_user u ON u.id = s.user_id WHERE u.account = 'student'`);
}, 180_000);

afterAll(() => own.stop(), 60_000);

/** The seven dates (Monday first) of the current semester's teaching week `n`: the demo is dated from the day it is seeded. */
const datesOf = (n: number): string[] => datesOfWeek(ids.teachingStart, n, 7);
const dayOf = (n: number, weekday: number): string => datesOf(n)[weekday - 1] as string;
const EN_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Every hard rule of a timetable's lessons (the template), checked here without the server's code. */
function expectHardRules(lessons: readonly Lesson[]): void {
  for (const [i, a] of lessons.entries()) {
    for (const b of lessons.slice(i + 1)) expect({ a: `${a.className} ${key(a)} ${a.courseName}`, clash: clashOf({ ...a, section: a.classId ?? '' }, { ...b, section: b.classId ?? '' }) }).toEqual({ a: `${a.className} ${key(a)} ${a.courseName}`, clash: null });
  }
  // PE in the gym, everything else in the class's own room; teacher04's Wednesday afternoons and the maths teacher's Friday afternoon free
  for (const l of lessons) expect(l.classroomName === '体育馆').toBe(l.courseId === ids.pe);
  expect(lessons.filter((l) => l.teacherId === ids.teacher04 && l.weekday === 3 && l.period >= 5)).toEqual([]);
  expect(lessons.filter((l) => l.teacherId === ids.teacher && l.weekday === 5 && l.period >= 7)).toEqual([]);
  // exactly the weekly periods: 30 a class, 5 of maths
  const byClass = new Map<string, Lesson[]>();
  for (const l of lessons) byClass.set(l.className, [...(byClass.get(l.className) ?? []), l]);
  expect([...byClass.values()].map((ls) => ls.length)).toEqual([30, 30, 30, 30, 30, 30]);
  for (const ls of byClass.values()) expect(ls.filter((l) => l.courseId === ids.math)).toHaveLength(5);
}

describe('the demo school\'s timetable, made by the scheduler when seeded', () => {
  it('is published for the current semester and keeps every hard rule', async () => {
    const res = await read('');
    expect(res.status).toBe(200);
    const t = res.body.data as TimetableAnswer;
    expect(t.timetable).toMatchObject({ state: 'published', source: 'auto' });
    expect([t.days, t.periods.map((p) => [p.no, p.part])]).toEqual([5, [[1, 'morning'], [2, 'morning'], [3, 'morning'], [4, 'morning'], [5, 'afternoon'], [6, 'afternoon'], [7, 'afternoon'], [8, 'afternoon']]]);
    expect(t.lessons).toHaveLength(180);
    expectHardRules(t.lessons);
    const [v] = await versions();
    expect(v).toMatchObject({ state: 'published', lessons: 180, unplaced: [] });
    expect(v?.score?.total).toBeLessThanOrEqual(10);
  });

  it('a teaching week has the dates from Monday; a day of week 1 before teaching starts has no lessons', async () => {
    const t = (await read('?week=13')).body.data as TimetableAnswer;
    // the week's seven dates; the school's five days hold its lessons
    expect(t.dates).toEqual(datesOf(13));
    expect(new Date(`${t.dates?.[0]}T00:00:00Z`).getUTCDay()).toBe(1);
    expect([t.days, t.extraDays]).toEqual([5, []]);
    expect(t.lessons).toHaveLength(180);
    expect(t.lessons.every((l) => l.date === t.dates?.[l.weekday - 1])).toBe(true);
    // a semester whose teaching starts on a Tuesday: week 1's Monday is before it and has no lessons
    const tuesday = dayOf(1, 2);
    await withDb((c) => c.query(`UPDATE semester SET teaching_start = $2::date WHERE id = $1`, [ids.semester, tuesday]));
    try {
      const first = (await read('?week=1')).body.data as TimetableAnswer;
      expect(first.dates?.[0]).toBe(dayOf(1, 1));
      expect(first.lessons.some((l) => l.date === dayOf(1, 1))).toBe(false);
      expect(first.lessons.filter((l) => l.date === tuesday)).toHaveLength(t.lessons.filter((l) => l.weekday === 2).length);
    } finally {
      await withDb((c) => c.query(`UPDATE semester SET teaching_start = $2::date WHERE id = $1`, [ids.semester, ids.teachingStart]));
    }
  });
});

describe('who sees what (spec: all, teacher, head teacher, foreign teacher; a student their own, a parent their child\'s)', () => {
  it('staff narrow by class, teacher, room, foreign teachers, their own lessons and the class they head', async () => {
    expect((await lessonsOf(`?classId=${ids.class1}`)).map((l) => l.className)).toEqual(Array(30).fill('高一(1)班'));
    const mine = await lessonsOf('?mine=1', 'teacher');
    expect(mine).toHaveLength(10);
    expect(new Set(mine.map((l) => l.courseName))).toEqual(new Set(['数学']));
    expect(new Set((await lessonsOf('?headTeacher=1', 'headteacher')).map((l) => l.className))).toEqual(new Set(['高一(1)班']));
    const foreign = await lessonsOf('?foreign=1', 'teacher');
    expect(foreign).toHaveLength(36);
    expect(new Set(foreign.map((l) => l.teacherId))).toEqual(new Set([ids.teacher03]));
    const gym = await lessonsOf(`?classroomId=${ids.gym}`, 'office');
    expect(gym).toHaveLength(12);
    expect(new Set(gym.map((l) => l.courseId))).toEqual(new Set([ids.pe]));
    // a teacher who heads no class has no head-teacher view
    expect((await read('?headTeacher=1', 'teacher')).status).toBe(403);
  });

  it('a student sees their own class only; a parent their child\'s; anything else is refused in their language', async () => {
    expect(new Set((await lessonsOf('?week=13', 'student')).map((l) => l.className))).toEqual(new Set(['高一(1)班']));
    expect(await lessonsOf('', 'jz202511001')).toHaveLength(30);
    expect((await lessonsOf(`?studentId=${ids.student}&classId=${ids.class1}`, 'jz202511001')).length).toBe(30);
    for (const [q, who] of [[`?classId=${ids.class2}`, 'student'], [`?teacherId=${ids.teacher}`, 'student'], [`?classroomId=${ids.gym}`, 'jz202511001'], ['?foreign=1', 'student'], [`?classId=${ids.class2}`, 'jz202511001']] as const) {
      const zh = await read(q, who);
      expect([zh.status, zh.body]).toEqual([403, { code: 403, result: false, msg: '只能查看与本人相关的课表' }]);
    }
    const en = await read(`?classId=${ids.class2}`, 'student', 'en');
    expect(en.body.msg).toBe('You may only see timetables that concern you');
    // a parent naming a student who is not their child
    const other = await id(`SELECT id FROM student WHERE class_id = $1 LIMIT 1`, [ids.class2]);
    expect((await read(`?studentId=${other}`, 'jz202511001')).status).toBe(403);
    const scope = (await call<{ kind: string; students: { className: string }[] }>('/api/timetable/scope', { token: tokens.jz202511001 })).body.data;
    expect(scope).toMatchObject({ kind: 'parent', students: [{ className: '高一(1)班' }] });
  });

  it('bad queries answer 400 with the field\'s message; drafts are not shown to those who do not make timetables', async () => {
    const bad = await read('?week=0', 'student');
    expect([bad.status, bad.body.msg]).toEqual([400, '教学周应为 1 到 999 的整数']);
    expect((await read('?classId=nonsense', 'teacher', 'en')).body.msg).toBe('Choose a class or a teaching class');
    const draft = await call<{ id: string }>('/api/timetable/versions', { token: tokens.admin, json: { semesterId: ids.semester } });
    expect((await read(`?timetableId=${draft.body.data?.id}`, 'teacher')).status).toBe(404);
    expect((await read(`?timetableId=${draft.body.data?.id}`, 'office')).status).toBe(200);
    expect((await call(`/api/timetable/versions/${draft.body.data?.id}`, { method: 'DELETE', token: tokens.admin })).status).toBe(200);
  });
});

describe('export', () => {
  it('a workbook with a sheet per class (or teacher, or room), the grid in the caller\'s language, no formulas', async () => {
    const res = await fetch(`${app?.url}/server/api/timetable/export?week=13&by=class`, { headers: { 'X-Access-Token': tokens.admin, 'Accept-Language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=.*\.xlsx/);
    const wb = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer', cellFormula: true });
    expect(wb.SheetNames).toEqual(['Grade 10 Class 1', 'Grade 10 Class 2', 'Grade 11 Class 1', 'Grade 11 Class 2', 'Grade 12 Class 1', 'Grade 12 Class 2']);
    const rows = XLSX.utils.sheet_to_json<string[]>(wb.Sheets['Grade 10 Class 1'] as XLSX.WorkSheet, { header: 1 });
    expect(rows[0]).toEqual(['Period', 'Time', ...datesOf(13).slice(0, 5).map((d, i) => `${EN_DAYS[i]} ${d}`)]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Period 1', 'Period 2', 'Period 3', 'Period 4', 'Period 5', 'Period 6', 'Period 7', 'Period 8']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['08:00-08:45', '08:55-09:40', '10:00-10:45', '10:55-11:40', '13:30-14:15', '14:25-15:10', '15:20-16:05', '16:15-17:00']);
    expect(rows.slice(1).flatMap((r) => r.slice(2)).filter((c) => typeof c === 'string' && c !== '')).toHaveLength(30);
    const teachers = XLSX.read(Buffer.from(await (await fetch(`${app?.url}/server/api/timetable/export?by=teacher`, { headers: { 'X-Access-Token': tokens.admin } })).arrayBuffer()), { type: 'buffer' });
    expect(teachers.SheetNames).toHaveLength(7);
    // a student exports only their own
    const own = XLSX.read(Buffer.from(await (await fetch(`${app?.url}/server/api/timetable/export`, { headers: { 'X-Access-Token': tokens.student } })).arrayBuffer()), { type: 'buffer' });
    expect(own.SheetNames).toEqual(['高一(1)班']);
  });
});

describe('a week\'s dates: changes apply to their dates, never the template', () => {
  const change = (row: { kind: 'add' | 'remove'; date: string; period: number; courseId: string; teacherId: string; classroomId?: string | null; status?: string }) =>
    withDb((c) =>
      c.query(
        `INSERT INTO lesson_change (instance_id, flow, status, kind, date, period, class_id, course_id, teacher_id, classroom_id) VALUES (gen_random_uuid(), 'make-up-class', $1, $2, $3, $4, $5, $6, $7, $8)`,
        [row.status ?? 'passed', row.kind, row.date, row.period, ids.class1, row.courseId, row.teacherId, row.classroomId ?? null],
      ),
    );
  afterAll(() => withDb((c) => c.query(`DELETE FROM lesson_change WHERE class_id = $1`, [ids.class1])));

  it('a Saturday make-up class is a lesson of that week: its day is shown beside the school days, and exported', async () => {
    const saturday = dayOf(13, 6);
    await change({ kind: 'add', date: saturday, period: 2, courseId: ids.math, teacherId: ids.teacher });
    // pending changes hold their time but are no lesson yet
    await change({ kind: 'add', date: saturday, period: 3, courseId: ids.math, teacherId: ids.teacher, status: 'pending' });
    const t = (await read(`?week=13&classId=${ids.class1}`, 'admin', 'en')).body.data as TimetableAnswer;
    expect(t.dates).toEqual(datesOf(13));
    expect(t.extraDays).toEqual([6]);
    expect(t.lessons.filter((l) => l.weekday === 6)).toEqual([expect.objectContaining({ date: saturday, period: 2, courseName: 'Mathematics', change: 'make-up' })]);
    expect(t.lessons).toHaveLength(31);
    // the week after has none: no extra day
    expect(((await read(`?week=14&classId=${ids.class1}`)).body.data as TimetableAnswer).extraDays).toEqual([]);
    const res = await fetch(`${app?.url}/server/api/timetable/export?week=13&classId=${ids.class1}`, { headers: { 'X-Access-Token': tokens.admin, 'Accept-Language': 'en' } });
    const sheet = XLSX.read(Buffer.from(await res.arrayBuffer()), { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0] as string] as XLSX.WorkSheet, { header: 1 });
    expect(rows[0]?.[7]).toBe(`Saturday ${saturday}`);
    expect(rows[2]?.[7]).toContain('Mathematics');
  });

  it('a removal takes the lesson it names from its date (class, course, teacher), not another one there', async () => {
    const tuesday = dayOf(13, 2);
    const lesson = (await lessonsOf(`?week=13&classId=${ids.class1}`)).find((l) => l.date === tuesday) as Lesson;
    const other = (await lessonsOf(`?week=13&classId=${ids.class1}`)).find((l) => l.courseId !== lesson.courseId) as Lesson;
    // a removal naming another course at that period (a template published since): the lesson there stays
    await change({ kind: 'remove', date: tuesday, period: lesson.period, courseId: other.courseId, teacherId: other.teacherId });
    expect((await lessonsOf(`?week=13&classId=${ids.class1}`)).some((l) => l.date === tuesday && l.period === lesson.period)).toBe(true);
    await withDb((c) => c.query(`DELETE FROM lesson_change WHERE kind = 'remove' AND class_id = $1`, [ids.class1]));
    await change({ kind: 'remove', date: tuesday, period: lesson.period, courseId: lesson.courseId, teacherId: lesson.teacherId });
    expect((await lessonsOf(`?week=13&classId=${ids.class1}`)).some((l) => l.date === tuesday && l.period === lesson.period)).toBe(false);
    // the template is untouched
    expect((await lessonsOf(`?classId=${ids.class1}`)).some((l) => l.weekday === 2 && l.period === lesson.period)).toBe(true);
  });
});

describe('placing lessons by hand (PUT /api/timetable/lessons)', () => {
  let draft: string;
  let week: Lesson[];
  let published: TimetableVersion;

  beforeAll(async () => {
    published = (await versions()).find((v) => v.state === 'published') as TimetableVersion;
    draft = (await call<{ id: string }>('/api/timetable/versions', { token: tokens.admin, json: { semesterId: ids.semester, copyOf: published.id } })).body.data?.id as string;
    week = await lessonsOf(`?timetableId=${draft}&classId=${ids.class1}`);
  });

  it('the copy is a draft with the published lessons', async () => {
    expect((await versions()).find((v) => v.id === draft)).toMatchObject({ state: 'draft', source: 'manual', lessons: 180, name: `${published.name}（副本）` });
    expect(week).toHaveLength(30);
  });

  const firstMaths = () => week.find((l) => l.courseId === ids.math) as Lesson;
  const withChange = (change: Partial<Lesson>) => asPlaced(week.map((l) => (l === firstMaths() ? { ...l, ...change } : l)));
  const unchanged = async () => expect(asPlaced(await lessonsOf(`?timetableId=${draft}&classId=${ids.class1}`))).toEqual(asPlaced(week));

  it('bad input: each fault named in the caller\'s language, 400, nothing written', async () => {
    const cases: [Partial<Lesson>, string, string][] = [
      [{ period: 9 }, '第 9 节不存在，请先在节次设置中添加', 'Period 9 does not exist; add it under Lesson periods first'],
      [{ weekday: 6 }, '星期六不是上课日（每周上课 5 天）', 'Saturday is not a school day (the school has 5 days a week)'],
      [{ teacherId: ids.teacher01 }, '王老师不是高一(1)班数学的任课教师', 'Teacher Wang does not teach Mathematics to Grade 10 Class 1'],
      [{ classroomId: '00000000-0000-4000-8000-000000000001' }, '00000000-0000-4000-8000-000000000001不是用于上课的教室', '00000000-0000-4000-8000-000000000001 is not a classroom for lessons'],
    ];
    const teacher01 = await withDb(async (c) => (await c.query<{ name: string }>(`SELECT name FROM sys_user WHERE account = 'teacher01'`)).rows[0]?.name as string);
    for (const [change, zh, en] of cases) {
      const z = await place(draft, ids.class1, withChange(change));
      expect([z.status, z.body.msg]).toEqual([400, zh.replace('王老师', teacher01)]);
      const e = await place(draft, ids.class1, withChange(change), 'en');
      expect(e.body.msg).toBe(en.replace('Teacher Wang', teacher01));
    }
    // a room not for lessons, one too small
    const lab = await id(`INSERT INTO classroom (building_id, code, name, seats, for_classes) SELECT building_id, 'T9001', '会议室', 20, false FROM classroom WHERE code = 'A101' RETURNING id`);
    expect((await place(draft, ids.class1, withChange({ classroomId: lab }))).body.msg).toBe('会议室不是用于上课的教室');
    await withDb((c) => c.query(`UPDATE classroom SET for_classes = true WHERE id = $1`, [lab]));
    expect((await place(draft, ids.class1, withChange({ classroomId: lab }), 'en')).body.msg).toBe('会议室 seats 20; Grade 10 Class 1 has 30 students');
    // a course the class is not taught this semester
    const robotics = await id(`INSERT INTO course (code, name, name_en) VALUES ('ROBOT9', '机器人', 'Robotics') RETURNING id`);
    expect((await place(draft, ids.class1, withChange({ courseId: robotics }), 'en')).body.msg).toBe('Grade 10 Class 1 has no Robotics this semester');
    // the body's own rules
    const shape = await call('/api/timetable/lessons', { method: 'PUT', token: tokens.admin, json: { timetableId: draft, lessons: [] } });
    expect([shape.status, shape.body.msg]).toEqual([400, '请选择班级或教学班']);
    await unchanged();
  });

  it('a clash is refused with 上课时间冲突 (409), naming where and with what; nothing written', async () => {
    // maths at a time its teacher teaches 高一(2)班
    const busy = (await lessonsOf(`?timetableId=${draft}&classId=${ids.class2}`)).find((l) => l.teacherId === ids.teacher && !week.some((w) => key(w) === key(l) && w.teacherId === ids.teacher)) as Lesson;
    const res = await place(draft, ids.class1, withChange({ weekday: busy.weekday, period: busy.period }));
    expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([409, 409, false, '上课时间冲突']);
    const clashes = (res.body.data as { clashes: (Clash & { text: string })[] }).clashes;
    expect(clashes).toContainEqual(expect.objectContaining({ weekday: busy.weekday, period: busy.period, kind: 'teacher', with: expect.objectContaining({ className: '高一(2)班' }) }));
    expect(clashes.some((c) => c.kind === 'class')).toBe(true); // the class already had a lesson there too
    const en = await place(draft, ids.class1, withChange({ weekday: busy.weekday, period: busy.period }), 'en');
    expect(en.body.msg).toBe('Class time conflict');
    expect((en.body.data as { clashes: { text: string }[] }).clashes.map((c) => c.text).join()).toContain('the teacher already has a lesson (Grade 10 Class 2');
    // a room another class is in at that time (高一(2)班's own room, unless it is at PE then): a room clash alone
    const home2 = await id(`SELECT classroom_id AS id FROM admin_class WHERE id = $1`, [ids.class2]);
    const class2 = await lessonsOf(`?timetableId=${draft}&classId=${ids.class2}`);
    const maths = week.find((l) => l.courseId === ids.math && class2.some((o) => key(o) === key(l) && o.classroomId === home2)) as Lesson;
    const room = await place(draft, ids.class1, asPlaced(week.map((l) => (l === maths ? { ...l, classroomId: home2 } : l))));
    expect(room.status).toBe(409);
    expect((room.body.data as { clashes: Clash[] }).clashes.map((c) => [c.kind, c.with.className])).toEqual([['room', '高一(2)班']]);
    await unchanged();
  });

  it('a valid week is saved whole; the class\'s week is what was sent', async () => {
    // two of the class's own lessons exchange their periods (same teacher or no clash with others: try pairs until one is free)
    let saved = false;
    for (const a of week) {
      for (const b of week) {
        if (saved || a === b || a.teacherId === b.teacherId || a.classroomId !== b.classroomId) continue;
        const next = asPlaced(week.map((l) => (l === a ? { ...l, weekday: b.weekday, period: b.period } : l === b ? { ...l, weekday: a.weekday, period: a.period } : l)));
        const res = await place(draft, ids.class1, next);
        if (res.status === 200) {
          expect(res.body).toMatchObject({ msg: '课表已保存', data: { lessons: 30 } });
          expect(asPlaced(await lessonsOf(`?timetableId=${draft}&classId=${ids.class1}`)).sort((x, y) => key(x).localeCompare(key(y)))).toEqual([...next].sort((x, y) => key(x).localeCompare(key(y))));
          saved = true;
        } else expect(res.status).toBe(409);
      }
    }
    expect(saved).toBe(true);
    const log = await withDb(async (c) => (await c.query(`SELECT result FROM sys_operation_log WHERE action = 'timetable-lessons.place' AND target = $1`, [draft])).rows);
    expect(log).toEqual([{ result: 'success' }]);
  });

  it('only those who make timetables place lessons; a published timetable is changed only through a copy', async () => {
    expect((await place(draft, ids.class1, asPlaced(week), undefined, 'teacher')).status).toBe(403);
    const published = (await versions()).find((v) => v.state === 'published') as TimetableVersion;
    const res = await place(published.id, ids.class1, asPlaced(week), 'en');
    expect([res.status, res.body.msg]).toEqual([422, 'A published or archived timetable cannot be changed; copy it to a draft and change that']);
    expect((await place('00000000-0000-4000-8000-000000000000', ids.class1, [])).status).toBe(404);
  });

  it('publishing the draft makes it the semester\'s timetable and archives the one before; everyone reads the new one', async () => {
    const before = (await versions()).find((v) => v.state === 'published') as TimetableVersion;
    const res = await call<{ archived: string }>(`/api/timetable/versions/${draft}/publish`, { token: tokens.admin, json: {} });
    expect(res.body).toMatchObject({ code: 200, msg: '课表已发布', data: { archived: before.id } });
    const after = await versions();
    expect(after.find((v) => v.id === draft)?.state).toBe('published');
    expect(after.find((v) => v.id === before.id)?.state).toBe('archived');
    expect((await read('', 'student')).body.data?.timetable?.id).toBe(draft);
    expectHardRules(await lessonsOf(''));
    expect((await call(`/api/timetable/versions/${draft}`, { method: 'DELETE', token: tokens.admin })).body.msg).toBe('已发布的课表不能删除');
    const empty = (await call<{ id: string }>('/api/timetable/versions', { token: tokens.admin, json: { semesterId: ids.semester } })).body.data?.id as string;
    expect((await call(`/api/timetable/versions/${empty}/publish`, { token: tokens.admin, json: {}, lang: 'en' })).body).toMatchObject({ code: 422, msg: 'An empty timetable cannot be published' });
  });
});

describe('the automatic scheduler', () => {
  it('the check says what it would be given', async () => {
    const c = (await call<ScheduleCheck>('/api/timetable/schedule/check', { token: tokens.office })).body.data;
    expect(c).toEqual({ ok: true, problems: [], lessons: 180, sections: 6, teachers: 7, rooms: 14, slots: 40 });
  });

  it('what cannot fit is reported before it runs, each named, and nothing is written', async () => {
    await withDb((c) => c.query(`UPDATE grade_course_hours SET periods = 20 WHERE grade = '12' AND course_id = (SELECT id FROM course WHERE code = 'CHN')`));
    await withDb((c) => c.query(`DELETE FROM teaching_assignment WHERE class_id = $1 AND course_id = $2`, [ids.class2, ids.pe]));
    try {
      const c = (await call<ScheduleCheck>('/api/timetable/schedule/check', { token: tokens.admin, lang: 'en' })).body.data as ScheduleCheck;
      expect(c.ok).toBe(false);
      expect(c.problems).toEqual(
        expect.arrayContaining([
          { kind: 'noTeacher', subject: 'Grade 10 Class 2 Physical education', need: 2, have: 0 },
          { kind: 'sectionOverfull', subject: 'Grade 12 Class 1', need: 45, have: 40 },
          { kind: 'sectionOverfull', subject: 'Grade 12 Class 2', need: 45, have: 40 },
          expect.objectContaining({ kind: 'teacherOverloaded', need: expect.any(Number), have: 40 }),
        ]),
      );
      const before = (await versions()).length;
      const res = await call('/api/timetable/schedule', { token: tokens.admin, json: { semesterId: ids.semester } });
      expect(res.status).toBe(422);
      expect(res.body.msg).toMatch(/^排课条件无法满足，请先处理：.*高三\(1\)班：每周需要 45 节课，一周只有 40 节/);
      expect((res.body.data as { problems: unknown[] }).problems.length).toBe(c.problems.length);
      expect((await versions()).length).toBe(before);
      expect(await withDb(async (x) => (await x.query(`SELECT count(*)::int AS n FROM sys_job WHERE kind = 'timetable:schedule'`)).rows[0]?.n)).toBe(0);
    } finally {
      await withDb((c) => c.query(`UPDATE grade_course_hours SET periods = 5 WHERE grade = '12' AND course_id = (SELECT id FROM course WHERE code = 'CHN')`));
      await withDb((c) => c.query(`INSERT INTO teaching_assignment (teacher_id, class_id, course_id, semester_id) VALUES ((SELECT id FROM sys_user WHERE account = 'teacher05'), $1, $2, $3)`, [ids.class2, ids.pe, ids.semester]));
    }
  });

  it('runs as a job: progress pushed to whoever started it, one run per semester at a time, the draft filled with every lesson, its score and nothing left out', async () => {
    const socket = await connectSocket(tokens.admin);
    const pushes: JobProgress[] = [];
    socket.on('job.progress', (p: JobProgress) => pushes.push(p));
    try {
      const [a, b] = await Promise.all([
        call<{ jobId: string; timetableId: string }>('/api/timetable/schedule', { token: tokens.admin, json: { semesterId: ids.semester, seconds: 2 } }),
        call<{ jobId: string; timetableId: string }>('/api/timetable/schedule', { token: tokens.admin, json: { semesterId: ids.semester, seconds: 2 }, lang: 'en' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 422]);
      const won = a.status === 200 ? a : b;
      const lost = a.status === 200 ? b : a;
      expect(lost.body.msg).toMatch(/^(该学期正在自动排课，请等待完成后再试|A timetable is being made for this semester; try again when it is done)$/);
      const { jobId, timetableId } = won.body.data as { jobId: string; timetableId: string };
      const done = await until(async () => pushes.find((p) => p.id === jobId && p.state !== 'running'), (p) => p !== undefined, 60_000);
      expect(done?.state).toBe('completed');
      const result = done?.result as ScheduleJobResult;
      expect(result).toMatchObject({ timetableId, placed: 180, total: 180, unplaced: [] });
      expect(pushes.filter((p) => p.id === jobId && p.state === 'running').length).toBeGreaterThan(0);
      const v = (await versions()).find((x) => x.id === timetableId) as TimetableVersion;
      expect(v).toMatchObject({ state: 'draft', source: 'auto', lessons: 180, score: result.score, unplaced: [], jobState: 'completed' });
      expectHardRules(await lessonsOf(`?timetableId=${timetableId}`));
      const job = (await call<{ state: string; done: number; total: number }>(`/api/jobs/${jobId}`, { token: tokens.admin })).body.data;
      expect(job).toMatchObject({ state: 'completed', done: 180, total: 180 });
    } finally {
      socket.close();
    }
  });

  it('a draft the scheduler is filling is not changed or deleted by hand meanwhile (its result would replace it)', async () => {
    const draft = (await call<{ id: string }>('/api/timetable/versions', { token: tokens.admin, json: { semesterId: ids.semester } })).body.data?.id as string;
    const job = await id(`INSERT INTO sys_job (kind, owner_id, state, input) VALUES ('timetable:schedule', (SELECT id FROM sys_user WHERE account = 'admin'), 'running', '{}') RETURNING id`);
    await withDb((c) => c.query(`UPDATE timetable SET job_id = $2 WHERE id = $1`, [draft, job]));
    const week = asPlaced((await lessonsOf(`?classId=${ids.class1}`)).slice(0, 3));
    const put = await place(draft, ids.class1, week, 'en');
    expect([put.status, put.body.msg]).toEqual([422, 'A timetable is being made for this semester; try again when it is done']);
    expect((await call(`/api/timetable/versions/${draft}`, { method: 'DELETE', token: tokens.admin })).status).toBe(422);
    expect((await versions()).find((v) => v.id === draft)?.jobState).toBe('running');
    await withDb((c) => c.query(`UPDATE sys_job SET state = 'failed' WHERE id = $1`, [job]));
    expect((await place(draft, ids.class1, week)).status).toBe(200);
    expect((await call(`/api/timetable/versions/${draft}`, { method: 'DELETE', token: tokens.admin })).status).toBe(200);
  });

  it('only those who make timetables start it; a bad body is refused with its message', async () => {
    expect((await call('/api/timetable/schedule', { token: tokens.teacher, json: { semesterId: ids.semester } })).status).toBe(403);
    const bad = await call('/api/timetable/schedule', { token: tokens.admin, json: { semesterId: ids.semester, seconds: 500 }, lang: 'en' });
    expect([bad.status, bad.body.msg]).toEqual([400, 'The improvement time must be 1 to 120 seconds']);
    expect((await call('/api/timetable/schedule', { token: tokens.admin, json: {} })).body.msg).toBe('请选择学期');
  });
});

describe('settings and the resources that make a timetable', () => {
  it('school days a week: read by all who read timetables, set by those who make them (1–7)', async () => {
    expect((await call('/api/timetable/settings', { token: tokens.student })).body.data).toEqual({ days: 5 });
    expect((await call('/api/timetable/settings', { method: 'PUT', token: tokens.student, json: { days: 6 } })).status).toBe(403);
    const bad = await call('/api/timetable/settings', { method: 'PUT', token: tokens.admin, json: { days: 8 } });
    expect([bad.status, bad.body.msg]).toEqual([400, '每周上课天数应为 1 到 7']);
    expect((await call('/api/timetable/settings', { method: 'PUT', token: tokens.admin, json: { days: 6 } })).body).toMatchObject({ code: 200, data: { days: 6 } });
    expect((await read('')).body.data?.days).toBe(6);
    await call('/api/timetable/settings', { method: 'PUT', token: tokens.admin, json: { days: 5 } });
  });

  it('lesson periods cannot overlap nor end before they start; one a timetable uses cannot be deleted', async () => {
    const overlap = await call('/api/timetable/lesson-periods', { token: tokens.admin, json: { no: 9, name: '第9节', start: '16:50', end: '17:30', part: 'afternoon' } });
    expect([overlap.status, overlap.body.msg]).toEqual([409, '该时间段与其他节次重叠']);
    const backwards = await call('/api/timetable/lesson-periods', { token: tokens.admin, json: { no: 9, name: '第9节', start: '18:30', end: '18:00' }, lang: 'en' });
    expect([backwards.status, backwards.body.msg]).toEqual([400, 'The end cannot be before the start']);
    const clock = await call('/api/timetable/lesson-periods', { token: tokens.admin, json: { no: 9, name: '第9节', start: '7:5', end: '18:00' } });
    expect([clock.status, clock.body.msg]).toEqual([400, '开始时间应为 时:分，如 08:00']);
    const first = await id(`SELECT id FROM lesson_period WHERE no = 1`);
    const del = await call(`/api/timetable/lesson-periods/${first}`, { method: 'DELETE', token: tokens.admin });
    expect([del.status, del.body.msg]).toEqual([409, '该节次已被课表使用，不能删除']);
  });

  it('a teaching assignment names a teacher (not a student), one per class and course; weekly periods once per grade and course', async () => {
    const studentUser = await id(`SELECT id FROM sys_user WHERE account = 'student'`);
    const notTeacher = await call('/api/timetable/teaching-assignments', { token: tokens.admin, json: { semesterId: ids.semester, classId: ids.class1, courseId: ids.math, teacherId: studentUser } });
    expect([notTeacher.status, notTeacher.body.msg]).toEqual([400, '所选用户不是教师']);
    const twice = await call('/api/timetable/teaching-assignments', { token: tokens.admin, json: { semesterId: ids.semester, classId: ids.class1, courseId: ids.math, teacherId: ids.teacher01 }, lang: 'en' });
    expect([twice.status, twice.body.msg]).toEqual([409, 'This course of this class already has a teacher this semester']);
    const hours = await call('/api/timetable/weekly-periods', { token: tokens.admin, json: { semesterId: ids.semester, grade: '10', courseId: ids.math, periods: 4 } });
    expect([hours.status, hours.body.msg]).toEqual([409, '该学期该年级的这门课程已设置周课时']);
    const unavailable = await call('/api/timetable/unavailable-periods', { token: tokens.admin, json: { semesterId: ids.semester, teacherId: ids.teacher04, weekday: '3', period: 5 } });
    expect([unavailable.status, unavailable.body.msg]).toEqual([409, '该教师这一节已设为不排课']);
    // the office keeps them; a teacher does not
    expect((await call('/api/timetable/teaching-assignments', { token: tokens.office })).status).toBe(200);
    expect((await call('/api/timetable/teaching-assignments', { token: tokens.teacher, json: { semesterId: ids.semester } })).status).toBe(403);
  });
});
