import { beforeAll, describe, expect, it } from '@jest/globals';
import { type ClassDay, type MessageRow, type TimetableAnswer, weekOfDate, type WorkflowInstanceView } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { afterTeaching, beginNow, type DayRow, type DemoIds, demoTimetable, findDate, freePeriods, futureWeek, lessonsOn, nextWeek, periodNumbers, walkedBy, weekDates, yesterday } from '../support/timetable.js';
import { flowCalls, until } from '../support/workflow.js';

const { submit, act, view } = flowCalls('make-up-class');
const loan = flowCalls('classroom-loan');

// 补课 end to end (docs/product/workflows.md#make-up-class): a draft that already holds its periods and its room, the class's head teacher then the
// office, the lesson in the timetable of its date once passed, the class told once; every refusal in both languages
// with nothing written; what it meets — the class's, the teacher's, a teaching class's and a room's lessons, loans —
// each arranged so the path runs whatever the scheduler made; expiry. The timetable is the scheduler's (the same for
// every fresh demo school): each test finds the lessons and free periods it needs, in weeks still to come.
let teacher: string;
let head: string;
let office: string;
let student: string;
let parent: string;
let ids: DemoIds;
/** Teaching classes of 高一(1)班's students (their lessons are the class's time). */
let walked: string[] = [];
/** The first teaching week still to come: the tests' weeks count from it. */
let W: number;

const form = (date: string, periods: number[], over: Record<string, unknown> = {}) => ({ classId: ids.class1, courseId: ids.maths, date, periods, reason: '运动会占用的数学课', ...over });
/** What make-up requests wrote: their events, their held lessons and their rooms' bookings. */
const written = () =>
  withDb(
    async (c) =>
      (
        await c.query(`SELECT (SELECT count(*)::int FROM events WHERE stream_type = 'make-up-class') AS events, (SELECT count(*)::int FROM lesson_change WHERE flow = 'make-up-class') AS held,
                              (SELECT count(*)::int FROM classroom_booking b JOIN wf_instance i ON i.id = b.instance_id WHERE i.flow = 'make-up-class') AS booked`)
      ).rows[0] as { events: number; held: number; booked: number },
  );
const held = (id: string) => withDb(async (c) => (await c.query(`SELECT period, status, kind FROM lesson_change WHERE instance_id = $1 ORDER BY period`, [id])).rows as { period: number; status: string; kind: string }[]);
/** A request's bookings: the room, its time (instants) and status. */
const booked = (id: string) =>
  withDb(async (c) => (await c.query(`SELECT classroom_id AS room, lower(period) AS start, upper(period) AS "end", status FROM classroom_booking WHERE instance_id = $1 ORDER BY lower(period)`, [id])).rows as { room: string; start: Date; end: Date; status: string }[]);
const isClass1 = (l: DayRow) => l.class_id === ids.class1;
/** A period's wall-clock times. */
const timesOf = (period: number) => withDb(async (c) => (await c.query(`SELECT start_time AS s, end_time AS e FROM lesson_period WHERE no = $1`, [period])).rows[0] as { s: string; e: string });
/** The instant of a school time on a date. */
const instant = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+08:00`);
/** Messages an instance's events caused, by title: recipient, how many, the link. */
const caused = (flow: string, id: string, titleKey: string) =>
  withDb(
    async (c) =>
      (
        await c.query(
          `SELECT m.recipient_id AS r, count(*)::int AS n, min(m.link) AS link FROM message m JOIN events e ON m.source_key LIKE 'ev:' || e.position || ':%'
            WHERE e.stream_id = $1 AND m.title_key = $2 GROUP BY 1`,
          [`${flow}-${id}`, titleKey],
        )
      ).rows as { r: string; n: number; link: string }[],
  );

async function started(token: string, body: unknown): Promise<string> {
  const res = await submit(token, body);
  if (res.status !== 200 || !res.body.data) throw new Error(`start failed: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

/** A date from `week` on with `n` periods free for the teacher, the class and a room (its home room); the periods. */
async function freeTime(week: number, n: number, teacherId = ids.teacher, roomId: string = ids.homeRoom): Promise<{ date: string; periods: number[] }> {
  let periods: number[] = [];
  const date = await findDate(ids, week, (lessons, all) => (periods = freePeriods(lessons, all, { classId: ids.class1, shared: walked, teacherId, roomId })).length >= n, 7);
  return { date, periods: periods.slice(0, n) };
}

/** Withdraws a request and waits for its effect to let its periods and room go (so later counts are not moved by it). */
async function withdrawn(token: string, id: string): Promise<void> {
  expect((await act(token, id, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
  await until(async () => [...(await held(id)), ...(await booked(id))], (rows) => rows.length === 0);
}

/** Sends the request on to the office and has it approved there; answers the state. */
async function approved(id: string, headToken = head): Promise<string | undefined> {
  await act(teacher, id, { type: 'SUBMIT' });
  await act(headToken, id, { type: 'APPROVE' });
  return (await act(office, id, { type: 'APPROVE' })).body.data?.state;
}

beforeAll(async () => {
  [teacher, head, office, student, parent] = (await Promise.all(['teacher', 'headteacher', 'office', 'student', 'jz202511001'].map((a) => login(a)))) as [string, string, string, string, string];
  ids = await demoTimetable();
  W = nextWeek(ids);
  // the teaching classes 高一(1)班's students go to (走班: other files on the worker's server may have made some) hold
  // the class's time too
  walked = await walkedBy(ids.class1);
});

describe('make-up-class: registered on the kit', () => {
  it('teachers and head teachers find its form under 业务申请; the form offers what they teach and the periods by name', async () => {
    const menus = (await call<{ menus: { menuurl: string; menus: { menuurl: string }[] }[] }>('/ms/getPermission', { token: teacher })).body.data?.menus ?? [];
    expect(menus.flatMap((m) => [m.menuurl, ...m.menus.map((c) => c.menuurl)])).toEqual(expect.arrayContaining(['/apply/make_up_class/new', '/apply/class_swap/new']));
    const options = async (field: string, lang: 'zh' | 'en' = 'zh') => (await call<{ value: string; label: string }[]>(`/api/workflows/make-up-class/options/${field}`, { token: teacher, lang })).body.data ?? [];
    expect((await options('classId')).map((o) => o.label)).toEqual(['高一(1)班', '高一(2)班']);
    expect((await options('courseId', 'en')).map((o) => o.label)).toEqual(['Mathematics']);
    expect((await options('periods'))[0]).toEqual({ value: '1', label: expect.stringMatching(/^第1节 08:00–/) });
    expect((await options('periods', 'en'))[0]).toEqual({ value: '1', label: expect.stringMatching(/^Period 1 08:00–/) });
    expect((await options('classroomId')).length).toBeGreaterThan(0);
    expect((await call('/api/workflows/make-up-class/options/classId', { token: student })).status).toBe(403);
  });
});

describe('make-up-class: the whole flow', () => {
  it('draft (holding its periods and its room) → submit → head teacher → office → passed: the lesson is the date’s at once; the class and parents are told once, sent to the week', async () => {
    const { date, periods } = await freeTime(W, 2);
    const res = await submit(teacher, form(date, periods));
    expect(res.body).toMatchObject({ result: true, msg: '补课申请已保存为草稿，提交后进入审批', data: { state: 'draft' } });
    const id = res.body.data?.id as string;
    // the draft holds its periods and its room's time at once; the timetable shows them only once passed
    expect(await held(id)).toEqual(periods.map((period) => ({ period, status: 'pending', kind: 'add' })));
    const times = await Promise.all(periods.map(timesOf));
    expect(await booked(id)).toEqual(periods.map((_, i) => ({ room: ids.homeRoom, start: instant(date, times[i]?.s ?? ''), end: instant(date, times[i]?.e ?? ''), status: 'pending' })));
    expect((await lessonsOn(date, false)).filter((l) => l.change_id === id)).toEqual([]);
    // it expires when its first period begins, were nobody to decide it by then
    const due = await withDb(async (c) => (await c.query(`SELECT due_at FROM wf_instance WHERE id = $1`, [id])).rows[0].due_at as Date);
    expect(due).toEqual(instant(date, times[0]?.s ?? ''));
    const draft = (await view(teacher, id)).body.data as WorkflowInstanceView;
    expect(draft.status).toEqual({ review: 'unreviewed', extra: 'draft' });
    expect(draft.can).toEqual(expect.arrayContaining(['SUBMIT', 'WITHDRAW']));
    expect(draft.assignees).toEqual([]);
    // the pages show its periods by name, in both languages
    expect(draft.form).toMatchObject({ classId: { zh: '高一(1)班', en: 'Grade 10 Class 1' }, courseId: { zh: '数学', en: 'Mathematics' }, date, periods: periods.map((p) => ({ zh: `第${p}节`, en: `Period ${p}` })) });
    // nobody reviews a draft
    expect((await act(head, id, { type: 'APPROVE' })).body).toMatchObject({ code: 422, result: false, msg: '该申请还是草稿，尚未提交审核' });

    expect((await act(teacher, id, { type: 'SUBMIT' })).body.data?.state).toBe('headTeacherReview');
    expect((await act(teacher, id, { type: 'SUBMIT' })).body).toMatchObject({ result: false, msg: '该申请已提交，不能再次提交' });
    expect((await act(head, id, { type: 'APPROVE' })).body.data?.state).toBe('officeReview');
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');

    // read right after the approval (docs/architecture.md#projections): the lessons are the date's already, before the effect marks the rows
    const lessons = (await lessonsOn(date, false)).filter((l) => isClass1(l) && periods.includes(l.period));
    expect(lessons.map((l) => [l.period, l.course_id, l.teacher_id, l.classroom_id, l.change, l.change_id, l.pending])).toEqual(
      periods.map((p) => [p, ids.maths, ids.teacher, ids.homeRoom, 'make-up', id, false]),
    );
    // and so in the timetable inquiry of that week, once each
    const week = weekOfDate(ids.semester.teachingStart, date);
    const inquiry = (await call<TimetableAnswer>(`/api/timetable?week=${week}&classId=${ids.class1}`, { token: student })).body.data as TimetableAnswer;
    expect(inquiry.lessons.filter((l) => l.date === date && l.changeId === id).map((l) => [l.period, l.change, l.courseName])).toEqual(periods.map((p) => [p, 'make-up', '数学']));
    // the effect settles the rows and the bookings: they stand
    expect(await until(() => held(id), (rows) => rows.every((r) => r.status === 'passed'))).toHaveLength(2);
    expect((await until(() => booked(id), (rows) => rows.every((r) => r.status === 'passed'))).map((b) => b.status)).toEqual(['passed', 'passed']);

    // every student of the class and their parents: exactly one message each, in their language, linked to the
    // timetable's week (they may read it; the request is not theirs to open)
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
    const counts = await until(() => caused('make-up-class', id, 'messages.makeUpClassScheduled.title'), (rows) => rows.length >= audience.length);
    expect(counts.map((r) => r.r).sort()).toEqual([...audience].sort());
    expect(counts.every((r) => r.n === 1 && r.link === `/timetable/inquiry?week=${week}`)).toBe(true);
    const inbox = async (token: string, lang?: 'en') =>
      ((await call<{ result: MessageRow[] }>('/api/message/info/getInfoByRecipient', { token, json: { page: 1, size: 100 }, ...(lang ? { lang } : {}) })).body.data?.result ?? []).filter(
        (m) => m.MESSAGE_LINK === `/timetable/inquiry?week=${week}` && ['补课通知', 'Make-up class'].includes(m.MESSAGE_TITLE) && m.MESSAGE_CONTENT.includes(date),
      );
    const [mine] = await inbox(student);
    expect(mine?.MESSAGE_TITLE).toBe('补课通知');
    expect(mine?.MESSAGE_CONTENT).toContain(`高一(1)班将于 ${date} 第 ${periods.join('、')} 节补上数学课`);
    expect((await inbox(parent, 'en')).map((m) => m.MESSAGE_CONTENT)).toEqual([expect.stringContaining(`Grade 10 Class 1 has a make-up Mathematics lesson`)]);
  });

  it('the class’s own head teacher asking: their step passes on by itself, straight to the office', async () => {
    const { date, periods } = await freeTime(W, 1, ids.headteacher);
    const id = await started(head, form(date, periods, { courseId: ids.chinese, reason: '期中考试占用的语文课' }));
    const sent = await act(head, id, { type: 'SUBMIT' });
    expect(sent.body.data?.state).toBe('officeReview');
    const v = (await view(head, id)).body.data as WorkflowInstanceView;
    expect(v.history.map((h) => h.type)).toEqual(['DRAFT', 'SUBMIT', 'SKIP_STEP']);
    expect(v.assignees.map((a) => a.id)).toContain(ids.office);
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
  });

  it('withdrawing frees the periods and the room — a draft or a request under review; a rejection too', async () => {
    const { date, periods } = await freeTime(W + 1, 1);
    const draft = await started(teacher, form(date, periods));
    expect((await act(head, draft, { type: 'WITHDRAW' })).status).toBe(403); // the applicant's alone
    expect((await act(teacher, draft, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
    expect(await until(() => held(draft), (rows) => rows.length === 0)).toEqual([]);
    expect(await until(() => booked(draft), (rows) => rows.length === 0)).toEqual([]);
    const again = await started(teacher, form(date, periods));
    await act(teacher, again, { type: 'SUBMIT' });
    expect((await act(head, again, { type: 'REJECT', comment: '那天下午有家长会' })).body.data?.state).toBe('rejected');
    expect(await until(() => held(again), (rows) => rows.length === 0)).toEqual([]);
    expect(await until(() => booked(again), (rows) => rows.length === 0)).toEqual([]);
    const third = await started(teacher, form(date, periods));
    await act(teacher, third, { type: 'SUBMIT' });
    expect((await act(teacher, third, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
    expect(await until(() => held(third), (rows) => rows.length === 0)).toEqual([]);
  });

  it('nobody decided before its first period began — a draft never sent, a request under review: it expires then, its periods and room are free again, the teacher is told', async () => {
    const { date, periods } = await freeTime(W + 1, 2);
    const [p1, p2] = periods as [number, number];
    const draft = await started(teacher, form(date, [p1]));
    const waiting = await started(teacher, form(date, [p2]));
    await act(teacher, waiting, { type: 'SUBMIT' });
    // as if the first period had begun: the engine's sweep (every second in the tests) finds both due
    await beginNow('make-up-class', draft);
    await beginNow('make-up-class', waiting);
    for (const id of [draft, waiting]) {
      const expired = await until(() => view(teacher, id), (r) => r.body.data?.state === 'expired', 20_000);
      expect(expired.body.data?.status).toEqual({ review: 'rejected', extra: 'expired' });
      expect(expired.body.data?.history.at(-1)).toMatchObject({ type: 'EXPIRE', actorName: '系统' });
      expect(await until(() => held(id), (rows) => rows.length === 0)).toEqual([]);
      expect(await until(() => booked(id), (rows) => rows.length === 0)).toEqual([]);
    }
    // the teacher is told — the draft as a draft nobody could have decided
    expect((await until(() => caused('make-up-class', draft, 'messages.flowDraftExpired.title'), (rows) => rows.length > 0)).map((r) => r.r)).toEqual([ids.teacher]);
    expect((await until(() => caused('make-up-class', waiting, 'messages.flowExpired.title'), (rows) => rows.length > 0)).map((r) => r.r)).toEqual([ids.teacher]);
    // the periods are free again
    await withdrawn(teacher, await started(teacher, form(date, periods)));
  });

  it('the day view: the class’s lessons and mine on a date, with the periods by name; for teachers — a student or a parent is refused', async () => {
    const { date, periods } = await freeTime(W + 1, 1);
    const id = await started(teacher, form(date, periods));
    const day = (await call<ClassDay>(`/api/workflows/make-up-class/views/day?classId=${ids.class1}&date=${date}`, { token: teacher, lang: 'en' })).body.data as ClassDay;
    expect([day.className, day.date, day.teaching, day.homeRoomId]).toEqual(['Grade 10 Class 1', date, true, ids.homeRoom]);
    expect(day.periods.length).toBeGreaterThanOrEqual(8);
    const rows = await lessonsOn(date);
    // the class's lessons include the teaching classes its students go to
    const expected = rows.filter((l) => isClass1(l) || (l.teaching_class_id !== null && walked.includes(l.teaching_class_id)) || l.teacher_id === ids.teacher);
    expect(day.lessons.map((l) => [l.period, l.id]).sort()).toEqual(expected.map((l) => [l.period, l.lesson_id]).sort());
    expect(day.lessons.find((l) => l.changeId === id)).toMatchObject({ period: periods[0], pending: true, change: 'make-up', ofClass: true, mine: true, courseName: 'Mathematics' });
    const outside = (await call<ClassDay>(`/api/workflows/make-up-class/views/day?classId=${ids.class1}&date=${afterTeaching(ids)}`, { token: teacher })).body.data;
    expect([outside?.teaching, outside?.lessons]).toEqual([false, []]);
    const bad = await call(`/api/workflows/make-up-class/views/day?classId=${ids.class1}&date=2026-02-30`, { token: teacher });
    expect([bad.status, bad.body.msg]).toEqual([400, '日期格式不正确，请使用 YYYY-MM-DD']);
    // only those who may ask for a make-up (teachers) read it: the student of the class, a parent, are refused
    for (const flow of ['make-up-class', 'class-swap']) {
      for (const token of [student, parent]) {
        const refused = await call(`/api/workflows/${flow}/views/day?classId=${ids.class1}&date=${date}`, { token });
        expect([refused.status, refused.body.result, refused.body.data ?? null]).toEqual([403, false, null]);
      }
    }
    await withdrawn(teacher, id);
  });
});

describe('make-up-class: refusals, each in the caller’s language, nothing written', () => {
  async function refused(token: string, body: unknown, status: number, zh: string, en: string): Promise<unknown> {
    const before = await written();
    const inZh = await submit(token, body);
    expect([inZh.status, inZh.body.result, inZh.body.msg]).toEqual([status, false, zh]);
    const inEn = await submit(token, body, 'en');
    expect([inEn.status, inEn.body.result, inEn.body.msg]).toEqual([status, false, en]);
    expect(await written()).toEqual(before);
    return inZh.body.data;
  }

  it('a date already past, a date outside the teaching weeks, a period that does not exist, a course not theirs, the form itself', async () => {
    const { date, periods } = await freeTime(W + 2, 1);
    const past = yesterday();
    await refused(teacher, form(past, periods), 422, `${past}已经过去，只能为今天及以后的课申请`, `${past} is in the past; only lessons from today on can be changed`);
    const outside = afterTeaching(ids);
    await refused(teacher, form(outside, periods), 422, `${outside}不在学期的教学周内`, `${outside} is outside the semester's teaching weeks`);
    await refused(teacher, form(date, [periods[0] as number, 15]), 422, '第 15 节不存在，请先在节次设置中添加', 'Period 15 does not exist; add it under Lesson periods first');
    await refused(teacher, form(date, periods, { courseId: ids.chinese }), 403, '您不是高一(1)班语文的任课教师', 'You do not teach Chinese to Grade 10 Class 1');
    await refused(teacher, form(date, []), 400, '请选择补课节次', 'Choose the periods of the make-up class');
    await refused(teacher, form(date, periods, { reason: ' ' }), 400, '请输入补课原因', 'Give the reason for the make-up class');
    await refused(teacher, form(date, periods, { courseId: '00000000-0000-4000-8000-000000000000' }), 422, '课程不存在', 'The course does not exist');
    await refused(teacher, form(date, periods, { classId: '00000000-0000-4000-8000-000000000000' }), 422, '班级或教学班不存在', 'The class or teaching class does not exist');
  });

  it('a room that is not a classroom for lessons, or too small for the class: the timetable’s one room rule (400)', async () => {
    const { date, periods } = await freeTime(W + 2, 1);
    const [store, small] = await withDb(async (c) => {
      const building = (await c.query(`SELECT building_id AS id FROM classroom WHERE id = $1`, [ids.homeRoom])).rows[0].id as string;
      const add = async (code: string, name: string, seats: number, forClasses: boolean) =>
        (await c.query(`INSERT INTO classroom (building_id, code, name, seats, for_classes) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`, [building, code, name, seats, forClasses])).rows[0].id as string;
      return [await add('Z901', 'Z901 储藏室', 48, false), await add('Z902', 'Z902 小教室', 12, true)];
    });
    await refused(teacher, form(date, periods, { classroomId: store }), 400, 'Z901 储藏室不是用于上课的教室', 'Z901 储藏室 is not a classroom for lessons');
    const size = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM student WHERE class_id = $1 AND status NOT IN ('transferred_out', 'graduated')`, [ids.class1])).rows[0].n as number);
    await refused(teacher, form(date, periods, { classroomId: small }), 400, `Z902 小教室只有 12 个座位，高一(1)班有 ${size} 人`, `Z902 小教室 seats 12; Grade 10 Class 1 has ${size} students`);
    const none = '00000000-0000-4000-8000-000000000009';
    await refused(teacher, form(date, periods, { classroomId: none }), 400, `${none}不是用于上课的教室`, `${none} is not a classroom for lessons`);
  });

  it('上课时间冲突: with the class’s lesson, with the teacher’s lesson in another class (a passed make-up of that date), with a pending make-up', async () => {
    // a period the class has a lesson of another teacher's, while the teacher is free
    let classBusy = 0;
    const d1 = await findDate(ids, W + 2, (lessons) => {
      const l = lessons.find((x) => isClass1(x) && x.teacher_id !== ids.teacher && !lessons.some((y) => y.period === x.period && y.teacher_id === ids.teacher));
      classBusy = l?.period ?? 0;
      return l !== undefined;
    });
    expect(await refused(teacher, form(d1, [classBusy]), 422, '上课时间冲突', 'Class time conflict')).toEqual({ clashes: [{ date: d1, period: classBusy, kind: 'class' }] });
    // the teacher teaching 高一(2)班 while 高一(1)班 and its room are free: arranged, so it is there whatever the template
    // holds — a Saturday make-up of 高一(2)班, passed: a lesson of that date as any other
    const saturday = weekDates(ids, W + 2, 7)[5] as string;
    // a Saturday period where both classes, the teacher and the rooms are free (other tests may have used some)
    const onSaturday = await lessonsOn(saturday);
    const [first] = freePeriods(onSaturday, await periodNumbers(), { classId: ids.class1, shared: walked, teacherId: ids.teacher, roomId: ids.homeRoom }).filter(
      (p) => !onSaturday.some((l) => l.period === p && (l.class_id === ids.class2 || l.classroom_id !== null)),
    );
    const other = await started(teacher, form(saturday, [first as number], { classId: ids.class2 }));
    expect(await approved(other, await login('teacher01'))).toBe('approved'); // 高一(2)班's head teacher
    expect(await refused(teacher, form(saturday, [first as number]), 422, '上课时间冲突', 'Class time conflict')).toEqual({ clashes: [{ date: saturday, period: first, kind: 'teacher' }] });
    // a pending make-up holds its time: the head teacher's Chinese make-up at the same period of the class
    const { date, periods } = await freeTime(W + 2, 1, ids.headteacher);
    const pending = await started(teacher, form(date, periods));
    await refused(head, form(date, periods, { courseId: ids.chinese }), 422, '上课时间冲突', 'Class time conflict');
    await withdrawn(teacher, pending);
    await withdrawn(head, await started(head, form(date, periods, { courseId: ids.chinese })));
  });

  it('上课时间冲突 through a teaching class: a lesson of one that some of the class’s students go to', async () => {
    // arranged in the published timetable (as an administrator's edit would): a teaching class of five of 高一(1)班's
    // students, taught by another teacher at a weekday and period where 高一(1)班, the teacher and the room are free
    const template = await withDb(
      async (c) =>
        (await c.query(`SELECT l.weekday, l.period, l.class_id, l.teaching_class_id, l.teacher_id, l.classroom_id FROM timetable_lesson l JOIN timetable t ON t.id = l.timetable_id WHERE t.semester_id = $1 AND t.state = 'published'`, [ids.semester.id]))
          .rows as { weekday: number; period: number; class_id: string | null; teaching_class_id: string | null; teacher_id: string; classroom_id: string | null }[],
    );
    const periods = await periodNumbers();
    const other = await withDb(async (c) => (await c.query(`SELECT id FROM sys_user WHERE account = 'teacher01'`)).rows[0].id as string);
    const busy = (weekday: number, period: number, ok: (l: (typeof template)[number]) => boolean) => template.some((l) => l.weekday === weekday && l.period === period && ok(l));
    const slot = [1, 2, 3, 4, 5]
      .flatMap((weekday) => periods.map((period) => ({ weekday, period })))
      .find(({ weekday, period }) => !busy(weekday, period, (l) => l.class_id === ids.class1 || (l.teaching_class_id !== null && walked.includes(l.teaching_class_id)) || l.teacher_id === ids.teacher || l.teacher_id === other || l.classroom_id === ids.homeRoom));
    // Once 走班 took every free period of the class's students (another file's generation), such a lesson is there
    // already: one of those teaching classes at a time the class itself and the teacher are free (its room may be the
    // class's own: generation prefers the students' room; one clash is named per lesson).
    const walkedLesson = slot ? undefined : template.find((l) => l.teaching_class_id !== null && walked.includes(l.teaching_class_id) && !busy(l.weekday, l.period, (x) => x.class_id === ids.class1 || x.teacher_id === ids.teacher));
    const at = slot ?? walkedLesson;
    if (!at) throw new Error('高一(1)班, the teacher and teacher01 are never free together');
    const teachingClass = slot
      ? await withDb(async (c) => {
          const tc = (await c.query(`INSERT INTO teaching_class (name, course_id, semester_id, teacher_id, layer) VALUES ('补课测试走班', $1, $2, $3, 'A') RETURNING id`, [ids.chinese, ids.semester.id, other])).rows[0].id as string;
          await c.query(`INSERT INTO teaching_class_student (teaching_class_id, student_id) SELECT $1, id FROM student WHERE class_id = $2 ORDER BY student_no LIMIT 5`, [tc, ids.class1]);
          await c.query(
            `INSERT INTO timetable_lesson (timetable_id, weekday, period, teaching_class_id, course_id, teacher_id)
             SELECT t.id, $2, $3, $1, $4, $5 FROM timetable t WHERE t.semester_id = $6 AND t.state = 'published'`,
            [tc, slot.weekday, slot.period, ids.chinese, other, ids.semester.id],
          );
          return tc;
        })
      : null;
    // the teaching classes at that time are the clash: not counted as the class's own when looking for the date
    const there = template.filter((l) => l.weekday === at.weekday && l.period === at.period && l.teaching_class_id !== null && walked.includes(l.teaching_class_id));
    const others = walked.filter((id) => !there.some((l) => l.teaching_class_id === id));
    try {
      const date = await findDate(ids, W + 3, (lessons, _all, d) => new Date(`${d}T00:00:00Z`).getUTCDay() === at.weekday % 7 && freePeriods(lessons, [at.period], { classId: ids.class1, shared: others, teacherId: ids.teacher, roomId: slot ? ids.homeRoom : null }).length === 1);
      const clashes = slot ? [{ date, period: at.period, kind: 'class' }] : there.map(() => ({ date, period: at.period, kind: 'class' }));
      expect(await refused(teacher, form(date, [at.period]), 422, '上课时间冲突', 'Class time conflict')).toEqual({ clashes });
    } finally {
      if (teachingClass) {
        await withDb(async (c) => {
          await c.query(`DELETE FROM timetable_lesson WHERE teaching_class_id = $1`, [teachingClass]);
          await c.query(`DELETE FROM teaching_class WHERE id = $1`, [teachingClass]);
        });
      }
    }
  });

  it('上课时间冲突 in the room: another class’s lesson held there then', async () => {
    // another class's own room, where that class has a lesson while 高一(1)班 and the teacher are free
    const homeRooms = await withDb(async (c) => (await c.query(`SELECT classroom_id AS id FROM admin_class WHERE classroom_id IS NOT NULL AND id <> $1`, [ids.class1])).rows.map((r) => r.id as string));
    let room = '';
    let period = 0;
    const date = await findDate(ids, W + 2, (lessons, all) => {
      const free = freePeriods(lessons, all, { classId: ids.class1, shared: walked, teacherId: ids.teacher });
      const l = lessons.find((x) => x.classroom_id !== null && homeRooms.includes(x.classroom_id) && !isClass1(x) && free.includes(x.period));
      [room, period] = [l?.classroom_id ?? '', l?.period ?? 0];
      return l !== undefined;
    });
    expect(await refused(teacher, form(date, [period], { classroomId: room }), 422, '上课时间冲突', 'Class time conflict')).toEqual({ clashes: [{ date, period, kind: 'room' }] });
  });

  it('上课时间冲突 with a classroom loan of the room then (pending)', async () => {
    const room = await withDb(async (c) => (await c.query(`SELECT id FROM classroom WHERE lendable AND enabled AND for_classes AND id NOT IN (SELECT classroom_id FROM admin_class WHERE classroom_id IS NOT NULL) ORDER BY code LIMIT 1`)).rows[0].id as string);
    const { date, periods } = await freeTime(futureWeek(ids), 1, ids.teacher, room);
    const period = periods[0] as number;
    const times = await timesOf(period);
    const lent = await loan.submit(teacher, { classroomId: room, start: `${date} ${times.s}`, end: `${date} ${times.e}`, purpose: '社团活动' });
    expect(lent.status).toBe(200);
    expect(await refused(teacher, form(date, [period], { classroomId: room }), 422, '上课时间冲突', 'Class time conflict')).toEqual({ clashes: [{ date, period, kind: 'room' }] });
    await loan.act(teacher, lent.body.data?.id as string, { type: 'WITHDRAW' });
  });

  it('two clashing requests sent at the same moment: exactly one is held', async () => {
    const { date, periods } = await freeTime(W + 3, 1, ids.headteacher);
    const before = await written();
    const [a, b] = await Promise.all([submit(teacher, form(date, periods)), submit(head, form(date, periods, { courseId: ids.chinese }))]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect([a, b].find((r) => r.status === 422)?.body.msg).toBe('上课时间冲突');
    const after = await written();
    expect(after.held - before.held).toBe(1);
  });
});

describe('classroom loans meet lessons', () => {
  it('a loan over a lesson of the room — the timetable’s, or a pending make-up’s — is refused 该时间段教室已被占用; the room’s day lists its lessons, named for staff, only busy for a student', async () => {
    const week = futureWeek(ids);
    const lendable = await withDb(async (c) => (await c.query(`SELECT id FROM classroom WHERE lendable AND enabled AND for_classes ORDER BY code`)).rows.map((r) => r.id as string));
    const refusedOver = async (room: string, date: string, period: number) => {
      const times = await timesOf(period);
      const over = await loan.submit(teacher, { classroomId: room, start: `${date} ${times.s}`, end: `${date} ${times.e}`, purpose: '社团活动' });
      expect([over.status, over.body.result, over.body.msg]).toEqual([422, false, '该时间段教室已被占用']);
      return times;
    };
    // the timetable's: a lendable room that is a class's own room (the demo's A104) holds that class's lessons
    let room = '';
    let period = 0;
    const date = await findDate(ids, week, (lessons) => {
      const l = lessons.find((x) => x.classroom_id !== null && lendable.includes(x.classroom_id) && x.change === null);
      [room, period] = [l?.classroom_id ?? '', l?.period ?? 0];
      return l !== undefined;
    });
    const times = await refusedOver(room, date, period);
    // only partly over it: refused as well
    const plus = (hhmm: string, minutes: number) => new Date(Date.parse(`${date}T${hhmm}:00Z`) + minutes * 60_000).toISOString().slice(11, 16);
    const partly = await loan.submit(teacher, { classroomId: room, start: `${date} ${plus(times.s, -30)}`, end: `${date} ${plus(times.s, 10)}`, purpose: '社团活动' });
    expect([partly.status, partly.body.msg]).toEqual([422, '该时间段教室已被占用']);
    const inEn = await loan.submit(teacher, { classroomId: room, start: `${date} ${times.s}`, end: `${date} ${times.e}`, purpose: 'club' }, 'en');
    expect([inEn.status, inEn.body.msg]).toEqual([422, 'The classroom is already booked for that time']);
    // the room's day: a teacher reads whose lessons they are; a student (who may ask for a room too) only when it is busy
    const dayOf = (token: string) => call<{ bookings: unknown[]; lessons: Record<string, unknown>[] }>(`/api/workflows/classroom-loan/views/day?classroomId=${room}&date=${date}`, { token });
    const forTeacher = (await dayOf(teacher)).body.data?.lessons.find((l) => l.period === period);
    expect(forTeacher).toMatchObject({ start: instant(date, times.s).toISOString(), end: instant(date, times.e).toISOString(), pending: false, courseName: expect.any(String), className: expect.any(String), teacherName: expect.any(String) });
    const forStudent = (await dayOf(student)).body.data?.lessons ?? [];
    expect(forStudent.find((l) => l.period === period)).toEqual({ period, start: instant(date, times.s).toISOString(), end: instant(date, times.e).toISOString(), pending: false });
    expect(forStudent.every((l) => Object.keys(l).sort().join() === 'end,pending,period,start')).toBe(true);

    // a pending make-up's: 高一(1)班's make-up held in a lendable room that is nobody's own
    const spare = await withDb(async (c) => (await c.query(`SELECT id FROM classroom WHERE lendable AND enabled AND for_classes AND id NOT IN (SELECT classroom_id FROM admin_class WHERE classroom_id IS NOT NULL) ORDER BY code DESC LIMIT 1`)).rows[0].id as string);
    const free = await freeTime(week, 1, ids.teacher, spare);
    const makeUp = await started(teacher, form(free.date, free.periods, { classroomId: spare }));
    await refusedOver(spare, free.date, free.periods[0] as number);
    // the room's day lists the loans only: the make-up's booking is a lesson, listed as one
    const spareDay = (await call<{ bookings: { id: string }[]; lessons: { period: number; pending: boolean; change?: string }[] }>(`/api/workflows/classroom-loan/views/day?classroomId=${spare}&date=${free.date}`, { token: teacher })).body.data;
    expect(spareDay?.bookings.map((b) => b.id)).not.toContain(makeUp);
    expect(spareDay?.lessons.find((l) => l.period === free.periods[0])).toMatchObject({ pending: true, change: 'make-up' });
    await withdrawn(teacher, makeUp);
  });

  it('a loan and a make-up of the same room and time sent at the same moment: exactly one is held (the database decides), the other refused in its own words', async () => {
    const room = await withDb(async (c) => (await c.query(`SELECT id FROM classroom WHERE lendable AND enabled AND for_classes AND id NOT IN (SELECT classroom_id FROM admin_class WHERE classroom_id IS NOT NULL) ORDER BY code LIMIT 1`)).rows[0].id as string);
    const { date, periods } = await freeTime(futureWeek(ids) + 1, 3, ids.teacher, room);
    for (const period of periods) {
      const times = await timesOf(period);
      const [m, l] = await Promise.all([
        submit(teacher, form(date, [period], { classroomId: room })),
        loan.submit(student, { classroomId: room, start: `${date} ${times.s}`, end: `${date} ${times.e}`, purpose: '社团活动' }),
      ]);
      expect([m.status, l.status].sort()).toEqual([200, 422]);
      if (m.status === 422) expect(m.body.msg).toBe('上课时间冲突');
      if (l.status === 422) expect(l.body.msg).toBe('该时间段教室已被占用');
      // one booking of the room then, the winner's
      const holders = await withDb(
        async (c) =>
          (await c.query(`SELECT DISTINCT instance_id AS id FROM classroom_booking WHERE classroom_id = $1 AND period && tstzrange($2::timestamptz, $3::timestamptz)`, [room, instant(date, times.s), instant(date, times.e)])).rows.map(
            (r) => r.id as string,
          ),
      );
      const winner = (m.status === 200 ? m : l).body.data?.id as string;
      expect(holders).toEqual([winner]);
      if (m.status === 200) await withdrawn(teacher, winner);
      else {
        await loan.act(student, winner, { type: 'WITHDRAW' });
        await until(() => booked(winner), (rows) => rows.length === 0);
      }
    }
    // whichever check a request passed, the database has the last word: a booking no check reads (one committed between
    // another request's check and its write) refuses a make-up and a loan alike, nothing of them written
    const period = periods[0] as number;
    const times = await timesOf(period);
    const ghost = await withDb(
      async (c) =>
        (await c.query(`INSERT INTO classroom_booking (instance_id, classroom_id, period) VALUES (gen_random_uuid(), $1, tstzrange($2::timestamptz, $3::timestamptz, '[)')) RETURNING id`, [room, instant(date, times.s), instant(date, times.e)])).rows[0]
          .id as string,
    );
    try {
      const before = await written();
      const m = await submit(teacher, form(date, [period], { classroomId: room }), 'en');
      expect([m.status, m.body.result, m.body.msg]).toEqual([422, false, 'Class time conflict']);
      expect(await written()).toEqual(before);
      const l = await loan.submit(student, { classroomId: room, start: `${date} ${times.s}`, end: `${date} ${times.e}`, purpose: '社团活动' });
      expect([l.status, l.body.result, l.body.msg]).toEqual([422, false, '该时间段教室已被占用']);
    } finally {
      await withDb((c) => c.query(`DELETE FROM classroom_booking WHERE id = $1`, [ghost]));
    }
  });
});
