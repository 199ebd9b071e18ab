import { beforeAll, describe, expect, it } from '@jest/globals';
import { type ClassDay, type MessageRow, type TimetableAnswer, weekOfDate, type WorkflowInstanceView } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { type DayRow, type DemoIds, demoTimetable, findDate, freePeriods, futureWeek, lessonsOn, weekDates } from '../support/timetable.js';
import { flowCalls, until } from '../support/workflow.js';

const { submit, act, view } = flowCalls('make-up-class');

// 补课 end to end (DESIGN.md §7): a draft that already holds its periods, the class's head teacher then the office,
// the lesson in the timetable of its date once passed, the class told once; every refusal in both languages with
// nothing written. The timetable is the scheduler's: each test finds the lessons and free periods it needs.
let teacher: string;
let head: string;
let office: string;
let student: string;
let parent: string;
let ids: DemoIds;

const form = (date: string, periods: number[], over: Record<string, unknown> = {}) => ({ classId: ids.class1, courseId: ids.maths, date, periods, reason: '运动会占用的数学课', ...over });
/** What make-up requests wrote: their events and their held lessons. */
const written = () =>
  withDb(async (c) => (await c.query(`SELECT (SELECT count(*)::int FROM events WHERE stream_type = 'make-up-class') AS events, (SELECT count(*)::int FROM lesson_change WHERE flow = 'make-up-class') AS held`)).rows[0] as { events: number; held: number });
const held = (id: string) => withDb(async (c) => (await c.query(`SELECT period, status, kind FROM lesson_change WHERE instance_id = $1 ORDER BY period`, [id])).rows as { period: number; status: string; kind: string }[]);
const isClass1 = (l: DayRow) => l.class_id === ids.class1;

async function started(token: string, body: unknown): Promise<string> {
  const res = await submit(token, body);
  if (res.status !== 200 || !res.body.data) throw new Error(`start failed: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

/** A date from `week` on with `n` periods free for the teacher, the class and its room; the periods. */
async function freeTime(week: number, n: number, teacherId = ids.teacher): Promise<{ date: string; periods: number[] }> {
  let periods: number[] = [];
  const date = await findDate(ids, week, (lessons, all) => (periods = freePeriods(lessons, all, { classId: ids.class1, teacherId, roomId: ids.homeRoom })).length >= n, 7);
  return { date, periods: periods.slice(0, n) };
}

beforeAll(async () => {
  [teacher, head, office, student, parent] = (await Promise.all(['teacher', 'headteacher', 'office', 'student', 'jz202511001'].map((a) => login(a)))) as [string, string, string, string, string];
  ids = await demoTimetable();
});

describe('make-up-class: registered on the kit', () => {
  it('teachers and head teachers find its form under 业务申请; the form offers what they teach and the periods', async () => {
    const menus = (await call<{ menus: { menuurl: string; menus: { menuurl: string }[] }[] }>('/ms/getPermission', { token: teacher })).body.data?.menus ?? [];
    expect(menus.flatMap((m) => [m.menuurl, ...m.menus.map((c) => c.menuurl)])).toEqual(expect.arrayContaining(['/apply/make_up_class/new', '/apply/class_swap/new']));
    const options = async (field: string, lang: 'zh' | 'en' = 'zh') => (await call<{ value: string; label: string }[]>(`/api/workflows/make-up-class/options/${field}`, { token: teacher, lang })).body.data ?? [];
    expect((await options('classId')).map((o) => o.label)).toEqual(['高一(1)班', '高一(2)班']);
    expect((await options('courseId', 'en')).map((o) => o.label)).toEqual(['Mathematics']);
    const periods = await options('periods');
    expect(periods[0]).toEqual({ value: '1', label: expect.stringMatching(/^第1节 08:00–/) });
    expect((await options('classroomId')).length).toBeGreaterThan(0);
    expect((await call('/api/workflows/make-up-class/options/classId', { token: student })).status).toBe(403);
  });
});

describe('make-up-class: the whole flow', () => {
  it('draft (holding its periods) → submit → head teacher → office → passed: the lesson is the date’s, once; the class and parents are told once', async () => {
    const { date, periods } = await freeTime(3, 2);
    const res = await submit(teacher, form(date, periods));
    expect(res.body).toMatchObject({ result: true, msg: '补课申请已保存为草稿，提交后进入审批', data: { state: 'draft' } });
    const id = res.body.data?.id as string;
    // the draft holds its periods at once; the timetable shows them only once passed
    expect(await held(id)).toEqual(periods.map((period) => ({ period, status: 'pending', kind: 'add' })));
    expect((await lessonsOn(date, false)).filter((l) => l.change_id === id)).toEqual([]);
    const draft = (await view(teacher, id)).body.data as WorkflowInstanceView;
    expect(draft.status).toEqual({ review: 'unreviewed', extra: 'draft' });
    expect(draft.can).toEqual(expect.arrayContaining(['SUBMIT', 'WITHDRAW']));
    expect(draft.assignees).toEqual([]);
    expect(draft.form).toMatchObject({ classId: { zh: '高一(1)班', en: 'Grade 10 Class 1' }, courseId: { zh: '数学', en: 'Mathematics' }, date, periods });
    // nobody reviews a draft
    expect((await act(head, id, { type: 'APPROVE' })).body).toMatchObject({ code: 422, result: false, msg: '该申请还是草稿，尚未提交审核' });

    expect((await act(teacher, id, { type: 'SUBMIT' })).body.data?.state).toBe('headTeacherReview');
    expect((await act(teacher, id, { type: 'SUBMIT' })).body).toMatchObject({ result: false, msg: '该申请已提交，不能再次提交' });
    expect((await act(head, id, { type: 'APPROVE' })).body.data?.state).toBe('officeReview');
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');

    expect(await until(() => held(id), (rows) => rows.every((r) => r.status === 'passed'))).toHaveLength(2);
    const lessons = (await lessonsOn(date, false)).filter((l) => isClass1(l) && periods.includes(l.period));
    expect(lessons.map((l) => [l.period, l.course_id, l.teacher_id, l.classroom_id, l.change, l.change_id, l.pending])).toEqual(
      periods.map((p) => [p, ids.maths, ids.teacher, ids.homeRoom, 'make-up', id, false]),
    );
    // and so in the timetable inquiry of that week, once each
    const week = weekOfDate(ids.semester.teachingStart, date);
    const inquiry = (await call<TimetableAnswer>(`/api/timetable?week=${week}&classId=${ids.class1}`, { token: student })).body.data as TimetableAnswer;
    expect(inquiry.lessons.filter((l) => l.date === date && l.changeId === id).map((l) => [l.period, l.change, l.courseName])).toEqual(periods.map((p) => [p, 'make-up', '数学']));

    // every student of the class and their parents: exactly one message each, in their language
    const audience = await withDb(
      async (c) =>
        (
          await c.query(
            `SELECT DISTINCT x FROM (SELECT s.user_id AS x FROM student s WHERE s.class_id = $1 AND s.status = 'enrolled'
               UNION SELECT g.user_id FROM guardian g JOIN student s ON s.id = g.student_id WHERE s.class_id = $1
               UNION SELECT sg.user_id FROM student_guardian sg JOIN student s ON s.id = sg.student_id WHERE s.class_id = $1) a WHERE x IS NOT NULL`,
            [ids.class1],
          )
        ).rows.map((r) => r.x as string),
    );
    expect(audience.length).toBeGreaterThanOrEqual(31); // 30 students and the demo parent
    const told = () =>
      withDb(async (c) => (await c.query(`SELECT recipient_id AS r, count(*)::int AS n FROM message WHERE link LIKE $1 AND title_key = 'messages.makeUpClassScheduled.title' GROUP BY 1`, [`%${id}`])).rows as { r: string; n: number }[]);
    const counts = await until(told, (rows) => rows.length >= audience.length);
    expect(counts.map((r) => r.r).sort()).toEqual([...audience].sort());
    expect(counts.every((r) => r.n === 1)).toBe(true);
    const inbox = async (token: string, lang?: 'en') =>
      ((await call<{ result: MessageRow[] }>('/api/message/info/getInfoByRecipient', { token, json: { page: 1, size: 100 }, ...(lang ? { lang } : {}) })).body.data?.result ?? []).filter((m) => m.MESSAGE_LINK?.includes(id) && m.MESSAGE_TYPE !== 'task');
    const [mine] = await inbox(student);
    expect(mine?.MESSAGE_TITLE).toBe('补课通知');
    expect(mine?.MESSAGE_CONTENT).toContain(`高一(1)班将于 ${date} 第 ${periods.join('、')} 节补上数学课`);
    expect((await inbox(parent, 'en')).map((m) => m.MESSAGE_CONTENT)).toEqual([expect.stringContaining(`Grade 10 Class 1 has a make-up Mathematics lesson`)]);
  });

  it('the class’s own head teacher asking: their step passes on by itself, straight to the office', async () => {
    const { date, periods } = await freeTime(4, 1, ids.headteacher);
    const id = await started(head, form(date, periods, { courseId: ids.chinese, reason: '期中考试占用的语文课' }));
    const sent = await act(head, id, { type: 'SUBMIT' });
    expect(sent.body.data?.state).toBe('officeReview');
    const v = (await view(head, id)).body.data as WorkflowInstanceView;
    expect(v.history.map((h) => h.type)).toEqual(['DRAFT', 'SUBMIT', 'SKIP_STEP']);
    expect(v.assignees.map((a) => a.id)).toContain(ids.office);
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
  });

  it('withdrawing frees the periods — a draft or a request under review; a rejection too', async () => {
    const { date, periods } = await freeTime(5, 1);
    const draft = await started(teacher, form(date, periods));
    expect((await act(head, draft, { type: 'WITHDRAW' })).status).toBe(403); // the applicant's alone
    expect((await act(teacher, draft, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
    expect(await until(() => held(draft), (rows) => rows.length === 0)).toEqual([]);
    const again = await started(teacher, form(date, periods));
    await act(teacher, again, { type: 'SUBMIT' });
    expect((await act(head, again, { type: 'REJECT', comment: '那天下午有家长会' })).body.data?.state).toBe('rejected');
    expect(await until(() => held(again), (rows) => rows.length === 0)).toEqual([]);
    const third = await started(teacher, form(date, periods));
    await act(teacher, third, { type: 'SUBMIT' });
    expect((await act(teacher, third, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
    expect(await until(() => held(third), (rows) => rows.length === 0)).toEqual([]);
  });

  it('the day view: the class’s lessons and mine on a date, with the periods and whether it is a teaching day', async () => {
    const { date, periods } = await freeTime(6, 1);
    const id = await started(teacher, form(date, periods));
    const day = (await call<ClassDay>(`/api/workflows/make-up-class/views/day?classId=${ids.class1}&date=${date}`, { token: teacher, lang: 'en' })).body.data as ClassDay;
    expect([day.className, day.date, day.teaching, day.homeRoomId]).toEqual(['Grade 10 Class 1', date, true, ids.homeRoom]);
    expect(day.periods.length).toBeGreaterThanOrEqual(8);
    const rows = await lessonsOn(date);
    const expected = rows.filter((l) => isClass1(l) || l.teacher_id === ids.teacher);
    expect(day.lessons.map((l) => [l.period, l.id]).sort()).toEqual(expected.map((l) => [l.period, l.lesson_id]).sort());
    expect(day.lessons.find((l) => l.changeId === id)).toMatchObject({ period: periods[0], pending: true, change: 'make-up', ofClass: true, mine: true, courseName: 'Mathematics' });
    const outside = (await call<ClassDay>(`/api/workflows/make-up-class/views/day?classId=${ids.class1}&date=2026-08-01`, { token: teacher })).body.data;
    expect([outside?.teaching, outside?.lessons]).toEqual([false, []]);
    const bad = await call(`/api/workflows/make-up-class/views/day?classId=${ids.class1}&date=2026-02-30`, { token: teacher });
    expect([bad.status, bad.body.msg]).toEqual([400, '日期格式不正确，请使用 YYYY-MM-DD']);
    await act(teacher, id, { type: 'WITHDRAW' });
  });
});

describe('make-up-class: refusals, each in the caller’s language, nothing written', () => {
  async function refused(token: string, body: unknown, status: number, zh: string, en: string): Promise<void> {
    const before = await written();
    const inZh = await submit(token, body);
    expect([inZh.status, inZh.body.result, inZh.body.msg]).toEqual([status, false, zh]);
    const inEn = await submit(token, body, 'en');
    expect([inEn.status, inEn.body.result, inEn.body.msg]).toEqual([status, false, en]);
    expect(await written()).toEqual(before);
  }

  it('a date outside the teaching weeks, a period that does not exist, a course not theirs, the form itself', async () => {
    const { date, periods } = await freeTime(7, 1);
    await refused(teacher, form('2026-08-15', periods), 422, '2026-08-15不在学期的教学周内', "2026-08-15 is outside the semester's teaching weeks");
    await refused(teacher, form(date, [periods[0] as number, 15]), 422, '第 15 节不存在，请先在节次设置中添加', 'Period 15 does not exist; add it under Lesson periods first');
    await refused(teacher, form(date, periods, { courseId: ids.chinese }), 403, '您不是高一(1)班语文的任课教师', 'You do not teach Chinese to Grade 10 Class 1');
    await refused(teacher, form(date, []), 400, '请选择补课节次', 'Choose the periods of the make-up class');
    await refused(teacher, form(date, periods, { reason: ' ' }), 400, '请输入补课原因', 'Give the reason for the make-up class');
    await refused(teacher, form(date, periods, { courseId: '00000000-0000-4000-8000-000000000000' }), 422, '课程不存在', 'The course does not exist');
    await refused(teacher, form(date, periods, { classId: '00000000-0000-4000-8000-000000000000' }), 422, '班级或教学班不存在', 'The class or teaching class does not exist');
  });

  it('a room that is not a classroom for lessons, or too small for the class', async () => {
    const { date, periods } = await freeTime(7, 1);
    const [store, small] = await withDb(async (c) => {
      const building = (await c.query(`SELECT building_id AS id FROM classroom WHERE id = $1`, [ids.homeRoom])).rows[0].id as string;
      const add = async (code: string, name: string, seats: number, forClasses: boolean) =>
        (await c.query(`INSERT INTO classroom (building_id, code, name, seats, for_classes) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`, [building, code, name, seats, forClasses])).rows[0].id as string;
      return [await add('Z901', 'Z901 储藏室', 48, false), await add('Z902', 'Z902 小教室', 12, true)];
    });
    await refused(teacher, form(date, periods, { classroomId: store }), 422, 'Z901 储藏室不是用于上课的教室', 'Z901 储藏室 is not a classroom for lessons');
    const size = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM student WHERE class_id = $1 AND status NOT IN ('transferred_out', 'graduated')`, [ids.class1])).rows[0].n as number);
    await refused(teacher, form(date, periods, { classroomId: small }), 422, `Z902 小教室只有 12 个座位，高一(1)班有 ${size} 人`, `Z902 小教室 seats 12; Grade 10 Class 1 has ${size} students`);
  });

  it('上课时间冲突: with the class’s lesson, with the teacher’s lesson in another class, with a pending make-up', async () => {
    // a period the class has a lesson of another teacher's, while the teacher is free
    let classBusy = 0;
    const d1 = await findDate(ids, 8, (lessons) => {
      const l = lessons.find((x) => isClass1(x) && x.teacher_id !== ids.teacher && !lessons.some((y) => y.period === x.period && y.teacher_id === ids.teacher));
      classBusy = l?.period ?? 0;
      return l !== undefined;
    });
    await refused(teacher, form(d1, [classBusy]), 422, '上课时间冲突', 'Class time conflict');
    // a period the teacher teaches 高一(2)班 while 高一(1)班 and its room are free: in the timetable if a week has one,
    // else a Saturday make-up of 高一(2)班, passed — a lesson of that date as any other
    let teacherBusy = 0;
    let d2 = await findDate(ids, 8, (lessons) => {
      const l = lessons.find((x) => x.class_id === ids.class2 && x.teacher_id === ids.teacher && !lessons.some((y) => y.period === x.period && (isClass1(y) || y.classroom_id === ids.homeRoom)));
      teacherBusy = l?.period ?? 0;
      return l !== undefined;
    }).catch(() => '');
    if (!d2) {
      const saturday = weekDates(ids, 8, 7)[5] as string;
      d2 = saturday;
      teacherBusy = 1;
      const other = await started(teacher, form(saturday, [teacherBusy], { classId: ids.class2 }));
      await act(teacher, other, { type: 'SUBMIT' });
      const head2 = await login('teacher01'); // 高一(2)班's head teacher
      await act(head2, other, { type: 'APPROVE' });
      expect((await act(office, other, { type: 'APPROVE' })).body.data?.state).toBe('approved');
      await until(() => lessonsOn(saturday, false), (rows) => rows.some((l) => l.change_id === other));
    }
    await refused(teacher, form(d2, [teacherBusy]), 422, '上课时间冲突', 'Class time conflict');
    // a pending make-up holds its time: the head teacher's Chinese make-up at the same period of the class
    const { date, periods } = await freeTime(9, 1, ids.headteacher);
    const pending = await started(teacher, form(date, periods));
    await refused(head, form(date, periods, { courseId: ids.chinese }), 422, '上课时间冲突', 'Class time conflict');
    await act(teacher, pending, { type: 'WITHDRAW' });
    await until(() => held(pending), (rows) => rows.length === 0);
    expect((await submit(head, form(date, periods, { courseId: ids.chinese }))).status).toBe(200);
  });

  it('two clashing requests sent at the same moment: exactly one is held', async () => {
    const { date, periods } = await freeTime(10, 1, ids.headteacher);
    const before = await written();
    const [a, b] = await Promise.all([submit(teacher, form(date, periods)), submit(head, form(date, periods, { courseId: ids.chinese }))]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect([a, b].find((r) => r.status === 422)?.body.msg).toBe('上课时间冲突');
    const after = await written();
    expect(after.held - before.held).toBe(1);
  });
});

describe('classroom loans meet lessons', () => {
  it('a loan over a lesson of the room (the timetable’s, or a pending make-up’s) is refused 该时间段教室已被占用; the room’s day lists its lessons', async () => {
    const loan = flowCalls('classroom-loan');
    const week = futureWeek(ids);
    // a lendable room with a lesson in a week still ahead, else a make-up of the class held in one
    const lendable = await withDb(async (c) => (await c.query(`SELECT id FROM classroom WHERE lendable AND enabled AND for_classes ORDER BY code`)).rows.map((r) => r.id as string));
    let room = '';
    let period = 0;
    let date = await findDate(ids, week, (lessons) => {
      const l = lessons.find((x) => x.classroom_id !== null && lendable.includes(x.classroom_id));
      [room, period] = [l?.classroom_id ?? '', l?.period ?? 0];
      return l !== undefined;
    }).catch(() => '');
    if (!date) {
      const free = await freeTime(week, 1);
      room = lendable[0] as string;
      await started(teacher, form(free.date, free.periods, { classroomId: room }));
      [date, period] = [free.date, free.periods[0] as number];
    }
    const times = await withDb(async (c) => (await c.query(`SELECT start_time AS s, end_time AS e FROM lesson_period WHERE no = $1`, [period])).rows[0] as { s: string; e: string });
    const over = await loan.submit(teacher, { classroomId: room, start: `${date} ${times.s}`, end: `${date} ${times.e}`, purpose: '社团活动' });
    expect([over.status, over.body.result, over.body.msg]).toEqual([422, false, '该时间段教室已被占用']);
    // only partly over it: refused as well; up to its start: not
    const plus = (hhmm: string, minutes: number) => new Date(Date.parse(`${date}T${hhmm}:00Z`) + minutes * 60_000).toISOString().slice(11, 16);
    const partly = await loan.submit(teacher, { classroomId: room, start: `${date} ${plus(times.s, -30)}`, end: `${date} ${plus(times.s, 10)}`, purpose: '社团活动' });
    expect([partly.status, partly.body.msg]).toEqual([422, '该时间段教室已被占用']);
    const inEn = await loan.submit(teacher, { classroomId: room, start: `${date} ${times.s}`, end: `${date} ${times.e}`, purpose: 'club' }, 'en');
    expect([inEn.status, inEn.body.msg]).toEqual([422, 'The classroom is already booked for that time']);
    const dayView = await call<{ lessons: { period: number; start: string; courseName: string }[] }>(`/api/workflows/classroom-loan/views/day?classroomId=${room}&date=${date}`, { token: teacher });
    const lesson = dayView.body.data?.lessons.find((l) => l.period === period);
    expect(lesson?.start).toBe(new Date(`${date}T${times.s}:00+08:00`).toISOString());
  });
});
