import { beforeAll, describe, expect, it } from '@jest/globals';
import { type Page, type TimetableAnswer, weekOfDate, type WorkflowInstanceView, type WorkflowTaskItem } from '@schoolflow/contracts';
import { call, login, withDb } from '../support/api.js';
import { afterTeaching, beginNow, type DayRow, type DemoIds, demoTimetable, lessonsOn, nextWeek, periodNumbers, weekDates, yesterday } from '../support/timetable.js';
import { flowCalls, until } from '../support/workflow.js';

const { submit, act, view } = flowCalls('class-swap');
const makeUp = flowCalls('make-up-class');

// 调课 end to end (docs/product/workflows.md#class-swap): the applicant's lesson moves to a free period (the office decides) or swaps with
// another teacher's (they consent first); the timetable of both dates shows it once passed; refusals name why; a request
// nobody decided before the earlier period began expires. The timetable is the scheduler's: each test finds the
// lessons it needs, in weeks still to come.
let teacher: string;
let head: string;
let office: string;
let ids: DemoIds;
let headName: string;
/** The first teaching week still to come: the tests' weeks count from it. */
let W: number;

/** A date and a period. */
interface Slot {
  date: string;
  period: number;
}

/** A lesson's place. */
interface Placed extends Slot {
  lesson: DayRow;
}

const form = (from: { date: string; period: number }, to: { date: string; period: number }, over: Record<string, unknown> = {}) => ({
  classId: ids.class1,
  fromDate: from.date,
  fromPeriod: from.period,
  toDate: to.date,
  toPeriod: to.period,
  reason: '外出教研',
  ...over,
});
const written = () =>
  withDb(async (c) => (await c.query(`SELECT (SELECT count(*)::int FROM events WHERE stream_type = 'class-swap') AS events, (SELECT count(*)::int FROM lesson_change WHERE flow = 'class-swap') AS held`)).rows[0] as { events: number; held: number });
const held = (id: string) => withDb(async (c) => (await c.query(`SELECT kind, to_char(date, 'YYYY-MM-DD') AS date, period, status FROM lesson_change WHERE instance_id = $1 ORDER BY kind, date, period`, [id])).rows as { kind: string; date: string; period: number; status: string }[]);
/** A request's bookings of rooms: the room and the status. */
const booked = (id: string) => withDb(async (c) => (await c.query(`SELECT classroom_id AS room, status FROM classroom_booking WHERE instance_id = $1 ORDER BY lower(period)`, [id])).rows as { room: string; status: string }[]);
/** Messages an instance's events caused, by title: recipient, how many, the link. */
const caused = (id: string, titleKey: string) =>
  withDb(
    async (c) =>
      (
        await c.query(
          `SELECT m.recipient_id AS r, count(*)::int AS n, min(m.link) AS link FROM message m JOIN events e ON m.source_key LIKE 'ev:' || e.position || ':%'
            WHERE e.stream_id = $1 AND m.title_key = $2 GROUP BY 1`,
          [`class-swap-${id}`, titleKey],
        )
      ).rows as { r: string; n: number; link: string }[],
  );

/** The template lessons of 高一(1)班 in a week, by date, with the day's lessons. */
async function week(n: number): Promise<{ date: string; lessons: DayRow[] }[]> {
  return Promise.all(weekDates(ids, n).map(async (date) => ({ date, lessons: await lessonsOn(date) })));
}

/** The teacher's maths lesson of 高一(1)班 in week `n` (the first one untouched by a change, passed or pending). */
async function mathsLesson(n: number): Promise<Placed> {
  for (const { date, lessons } of await week(n)) {
    const l = lessons.find((x) => x.class_id === ids.class1 && x.teacher_id === ids.teacher && x.change === null && !x.leaving);
    if (l) return { date, period: l.period, lesson: l };
  }
  throw new Error(`no maths lesson of 高一(1)班 in week ${n}`);
}

/**
 * In week `n`, the teacher's maths lesson S and the head teacher's Chinese lesson T of 高一(1)班 that can swap: the
 * teacher free at T, the head teacher free at S, and each lesson's room free at the other's time but for the other.
 */
async function swappable(n: number): Promise<{ s: Placed; t: Placed }> {
  const days = await week(n);
  for (const a of days) {
    for (const s of a.lessons.filter((x) => x.class_id === ids.class1 && x.teacher_id === ids.teacher && x.change === null && !x.leaving)) {
      for (const b of days) {
        for (const t of b.lessons.filter((x) => x.class_id === ids.class1 && x.teacher_id === ids.headteacher && x.change === null && !x.leaving)) {
          const teacherFree = !b.lessons.some((x) => x.period === t.period && x.teacher_id === ids.teacher && x.lesson_id !== t.lesson_id);
          const headFree = !a.lessons.some((x) => x.period === s.period && x.teacher_id === ids.headteacher && x.lesson_id !== s.lesson_id);
          const roomsFree =
            !b.lessons.some((x) => x.period === t.period && x.lesson_id !== t.lesson_id && x.classroom_id !== null && x.classroom_id === s.classroom_id) &&
            !a.lessons.some((x) => x.period === s.period && x.lesson_id !== s.lesson_id && x.classroom_id !== null && x.classroom_id === t.classroom_id);
          if (teacherFree && headFree && roomsFree) return { s: { date: a.date, period: s.period, lesson: s }, t: { date: b.date, period: t.period, lesson: t } };
        }
      }
    }
  }
  throw new Error(`no swappable pair in week ${n}`);
}

/**
 * `n` periods of the Saturday of week `week` (not a school day) where neither 高一(1)班 nor 高一(2)班 nor the teacher
 * has a lesson, nor 高一(1)班's room: the template has none there, make-ups and moves (of other tests) may.
 */
async function freeSaturday(week: number, n = 1): Promise<{ date: string; period: number }[]> {
  const date = weekDates(ids, week, 7)[5] as string;
  const lessons = await lessonsOn(date);
  const busy = (l: DayRow) => l.class_id === ids.class1 || l.class_id === ids.class2 || l.teacher_id === ids.teacher || l.classroom_id === ids.homeRoom;
  const free = (await periodNumbers()).filter((period) => !lessons.some((l) => l.period === period && busy(l)));
  if (free.length < n) throw new Error(`${date} has fewer than ${n} free periods`);
  return free.slice(0, n).map((period) => ({ date, period }));
}

beforeAll(async () => {
  [teacher, head, office] = (await Promise.all(['teacher', 'headteacher', 'office'].map((a) => login(a)))) as [string, string, string];
  ids = await demoTimetable();
  W = nextWeek(ids);
  headName = await withDb(async (c) => (await c.query(`SELECT name FROM sys_user WHERE id = $1`, [ids.headteacher])).rows[0].name as string);
});

describe('class-swap: refusals, each in the caller’s language, nothing written', () => {
  async function refused(body: unknown, status: number, zh: string, en: string): Promise<void> {
    const before = await written();
    const inZh = await submit(teacher, body);
    expect([inZh.status, inZh.body.result, inZh.body.msg]).toEqual([status, false, zh]);
    const inEn = await submit(teacher, body, 'en');
    expect([inEn.status, inEn.body.result, inEn.body.msg]).toEqual([status, false, en]);
    expect(await written()).toEqual(before);
  }

  it('not the applicant’s lesson (403), no lesson there, the same lesson twice, a date already past, a date outside the teaching weeks, a period that does not exist', async () => {
    const days = await week(W);
    const other = days.flatMap(({ date, lessons }) => lessons.filter((l) => l.class_id === ids.class1 && l.teacher_id !== ids.teacher).map((l) => ({ date, period: l.period })))[0];
    if (!other) throw new Error(`高一(1)班 has no lesson of another teacher in week ${W}`);
    const mine = await mathsLesson(W);
    const [free, empty, elsewhere] = (await freeSaturday(W, 3)) as [Slot, Slot, Slot];
    await refused(form(other, free), 403, '这节课不是您的课', 'This lesson is not yours');
    await refused(form(empty, elsewhere), 422, `${empty.date}第 ${empty.period} 节高一(1)班没有课`, `Grade 10 Class 1 has no lesson on ${empty.date}, period ${empty.period}`);
    await refused(form(mine, mine), 422, '调课前后不能是同一节课', 'A swap needs two different lessons');
    const past = yesterday();
    await refused(form({ date: past, period: 1 }, mine), 422, `${past}已经过去，只能为今天及以后的课申请`, `${past} is in the past; only lessons from today on can be changed`);
    await refused(form(mine, { date: past, period: 1 }), 422, `${past}已经过去，只能为今天及以后的课申请`, `${past} is in the past; only lessons from today on can be changed`);
    const outside = afterTeaching(ids);
    await refused(form(mine, { date: outside, period: 1 }), 422, `${outside}不在学期的教学周内`, `${outside} is outside the semester's teaching weeks`);
    await refused(form(mine, { date: mine.date, period: 15 }), 422, '第 15 节不存在，请先在节次设置中添加', 'Period 15 does not exist; add it under Lesson periods first');
    await refused(form(mine, free, { reason: '' }), 400, '请输入调课原因', 'Give the reason for the class swap');
  });

  it('上课时间冲突 at the target: the applicant is busy there (another class’s lesson, here a pending make-up of 高一(2)班)', async () => {
    const mine = await mathsLesson(W);
    const [target] = (await freeSaturday(W)) as [Slot];
    const hold = await makeUp.submit(teacher, { classId: ids.class2, courseId: ids.maths, date: target.date, periods: [target.period], reason: '补课' });
    expect(hold.status).toBe(200);
    await refused(form(mine, target), 422, '上课时间冲突', 'Class time conflict');
    await makeUp.act(teacher, hold.body.data?.id as string, { type: 'WITHDRAW' });
  });

  it('naming a teacher who does not teach the target lesson', async () => {
    const { s, t } = await swappable(W + 1);
    await refused(form(s, t, { withTeacherId: ids.office }), 422, `该节课的任课教师是${headName}，请选择其为调课对象`, `That lesson is ${headName}'s: choose them as the teacher to swap with`);
  });
});

describe('class-swap: the whole flow', () => {
  it('a move to a free period: nobody to ask, the office decides; the lesson is at its new place on that date, not at the old', async () => {
    const s = await mathsLesson(W + 1);
    const [t] = (await freeSaturday(W + 1)) as [Slot];
    const res = await submit(teacher, form(s, t));
    expect(res.body).toMatchObject({ result: true, msg: '调课申请已提交', data: { state: 'officeReview' } });
    const id = res.body.data?.id as string;
    expect(await held(id)).toEqual([
      { kind: 'add', date: t.date, period: t.period, status: 'pending' },
      { kind: 'remove', date: s.date, period: s.period, status: 'pending' },
    ]);
    // the lesson takes its own room to its new time: booked there, as a loan would be
    expect(await booked(id)).toEqual(s.lesson.classroom_id ? [{ room: s.lesson.classroom_id, status: 'pending' }] : []);
    // the pages name the periods, in both languages
    const named = (await view(teacher, id)).body.data?.form;
    expect([named?.fromPeriod, named?.toPeriod]).toEqual([
      { zh: `第${s.period}节`, en: `Period ${s.period}` },
      { zh: `第${t.period}节`, en: `Period ${t.period}` },
    ]);
    const v = (await view(teacher, id)).body.data as WorkflowInstanceView;
    expect(v.history.map((h) => h.type)).toEqual(['SUBMIT']);
    expect((v.context as { route: { teacher: string[] } }).route.teacher).toEqual([]);
    // while it is under review the lesson holds both places: the old one is not free for a make-up yet
    const makeUpThere = { classId: ids.class1, courseId: ids.maths, date: s.date, periods: [s.period], reason: '补课' };
    expect((await makeUp.submit(teacher, makeUpThere)).body.msg).toBe('上课时间冲突');
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
    // read right after the approval (docs/architecture.md#projections): the dates show it already, before the effect marks the rows
    const before = (await lessonsOn(s.date, false)).filter((l) => l.class_id === ids.class1 && l.period === s.period);
    expect(before).toEqual([]);
    const after = (await lessonsOn(t.date, false)).filter((l) => l.class_id === ids.class1 && l.period === t.period);
    expect(after.map((l) => [l.course_id, l.teacher_id, l.classroom_id, l.change, l.change_id])).toEqual([[ids.maths, ids.teacher, s.lesson.classroom_id, 'swap', id]]);
    await until(() => held(id), (rows) => rows.every((r) => r.status === 'passed'));
    expect((await until(() => booked(id), (rows) => rows.every((r) => r.status === 'passed'))).length).toBe(s.lesson.classroom_id ? 1 : 0);
    // passed, the old place is free
    const freed = await makeUp.submit(teacher, makeUpThere);
    expect(freed.status).toBe(200);
    await makeUp.act(teacher, freed.body.data?.id as string, { type: 'WITHDRAW' });
  });

  it('a swap with another teacher: they consent, the office approves; both dates show both lessons moved (change: swap), once; the class is told once', async () => {
    const { s, t } = await swappable(W + 2);
    const res = await submit(teacher, form(s, t, { withTeacherId: ids.headteacher }));
    expect(res.body.data?.state).toBe('teacherConsent');
    const id = res.body.data?.id as string;
    const v = (await view(head, id)).body.data as WorkflowInstanceView;
    expect(v.assignees.map((a) => a.id)).toEqual([ids.headteacher]);
    expect(v.can).toContain('CONSENT');
    expect(v.can).not.toContain('APPROVE');
    // the consent is theirs: the office cannot give it, nobody can hand it on
    expect((await act(office, id, { type: 'CONSENT' })).status).toBe(403);
    expect((await act(head, id, { type: 'TRANSFER', toUserId: ids.teacher })).body).toMatchObject({ code: 422, result: false });
    // the other teacher is asked, with both lessons named
    const asked = () => withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM message WHERE recipient_id = $1 AND link LIKE $2 AND title_key = 'messages.classSwapConsent.title'`, [ids.headteacher, `%${id}`])).rows[0].n as number);
    expect(await until(asked, (n) => n > 0)).toBe(1);

    expect((await act(head, id, { type: 'CONSENT' })).body.data?.state).toBe('officeReview');
    expect((await act(office, id, { type: 'APPROVE' })).body.data?.state).toBe('approved');

    // read right after the approval: both dates show both lessons moved
    const at = async (slot: { date: string; period: number }) => (await lessonsOn(slot.date, false)).filter((l) => l.class_id === ids.class1 && l.period === slot.period).map((l) => [l.course_id, l.teacher_id, l.change, l.change_id]);
    expect(await at(s)).toEqual([[t.lesson.course_id, ids.headteacher, 'swap', id]]);
    expect(await at(t)).toEqual([[s.lesson.course_id, ids.teacher, 'swap', id]]);
    // the timetable inquiry of that week shows them so, each once
    const inquiry = (await call<TimetableAnswer>(`/api/timetable?week=${W + 2}&classId=${ids.class1}`, { token: teacher })).body.data as TimetableAnswer;
    const placed = (slot: { date: string; period: number }) => inquiry.lessons.filter((l) => l.date === slot.date && l.period === slot.period && l.classId === ids.class1).map((l) => [l.teacherId, l.change, l.changeId]);
    expect([placed(s), placed(t)]).toEqual([[[ids.headteacher, 'swap', id]], [[ids.teacher, 'swap', id]]]);
    await until(() => held(id), (rows) => rows.length === 4 && rows.every((r) => r.status === 'passed'));
    // the class's students and parents: one message each, sent to the week (the earlier date's), which they may read
    const rows = await until(() => caused(id, 'messages.classSwapSwapped.title'), (r) => r.length >= 31);
    const week = weekOfDate(ids.semester.teachingStart, s.date < t.date ? s.date : t.date);
    expect(rows.every((r) => r.n === 1 && r.link === `/timetable/inquiry?week=${week}`)).toBe(true);
  });

  it('the other teacher refusing (with a reason) ends it and lets both lessons go; the applicant may withdraw before anyone decides', async () => {
    const { s, t } = await swappable(W + 3);
    const id = (await submit(teacher, form(s, t))).body.data?.id as string;
    expect((await act(head, id, { type: 'REJECT' })).body.msg).toBe('驳回时必须填写理由');
    expect((await act(head, id, { type: 'REJECT', comment: '那节课我要监考' })).body.data?.state).toBe('rejected');
    expect(await until(() => held(id), (rows) => rows.length === 0)).toEqual([]);
    const again = (await submit(teacher, form(s, t))).body.data?.id as string;
    expect((await act(teacher, again, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
    expect(await until(() => held(again), (rows) => rows.length === 0)).toEqual([]);
  });

  it('two requests for the same lesson at the same moment: one is held; the office’s queue lists each swap at its step, to approve', async () => {
    const s = await mathsLesson(W + 4);
    const [x, y] = (await freeSaturday(W + 4, 2)) as [Slot, Slot];
    const [a, b] = await Promise.all([submit(teacher, form(s, x)), submit(teacher, form(s, y))]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const id = [a, b].find((r) => r.status === 200)?.body.data?.id as string;
    const other = await mathsLesson(W + 5);
    const [z] = (await freeSaturday(W + 5)) as [Slot];
    const id2 = (await submit(teacher, form(other, z))).body.data?.id as string;
    const queue = (await call<Page<WorkflowTaskItem>>('/api/workflows/tasks?flow=class-swap&size=100', { token: office })).body.data?.list ?? [];
    const mine = queue.filter((r) => [id, id2].includes(r.id));
    expect(mine.map((r) => [r.flow, r.state])).toEqual([
      ['class-swap', 'officeReview'],
      ['class-swap', 'officeReview'],
    ]);
    expect(mine.every((r) => r.can.includes('APPROVE'))).toBe(true);
    for (const r of mine) expect((await act(office, r.id, { type: 'APPROVE' })).body.data?.state).toBe('approved');
  });

  it('nobody decided before the earlier period began (the consent or the office): it expires then and lets both lessons and their rooms go', async () => {
    const { s, t } = await swappable(W + 4);
    const id = (await submit(teacher, form(s, t))).body.data?.id as string;
    expect(await held(id)).toHaveLength(4);
    // it is due when the earlier of the two periods begins
    const times = await withDb(async (c) => (await c.query(`SELECT no, start_time AS s FROM lesson_period WHERE no = ANY($1::int[])`, [[s.period, t.period]])).rows as { no: number; s: string }[]);
    const startOf = (slot: { date: string; period: number }) => new Date(`${slot.date}T${times.find((x) => x.no === slot.period)?.s ?? ''}:00+08:00`).getTime();
    const due = await withDb(async (c) => (await c.query(`SELECT due_at FROM wf_instance WHERE id = $1`, [id])).rows[0].due_at as Date);
    expect(due.getTime()).toBe(Math.min(startOf(s), startOf(t)));
    await beginNow('class-swap', id);
    const expired = await until(() => view(teacher, id), (r) => r.body.data?.state === 'expired', 20_000);
    expect([expired.body.data?.status, expired.body.data?.assignees]).toEqual([{ review: 'rejected', extra: 'expired' }, []]);
    expect(await until(() => held(id), (rows) => rows.length === 0)).toEqual([]);
    expect(await until(() => booked(id), (rows) => rows.length === 0)).toEqual([]);
    // the lessons are where they were, free to move again
    const again = (await submit(teacher, form(s, t))).body.data?.id as string;
    expect((await act(teacher, again, { type: 'WITHDRAW' })).body.data?.state).toBe('withdrawn');
  });
});
