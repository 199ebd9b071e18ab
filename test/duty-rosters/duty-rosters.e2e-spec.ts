import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type DutyAssignment, type DutyCandidate, type DutyPost, type DutyRosterDetail, resources, type VehicleBookingRow, type WorkflowCommandResult } from '@schoolflow/contracts';
import type { Browser } from 'playwright-core';
import { call, login, withDb } from '../support/api.js';
import { appUrl, eventually, launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';
import { caughtUp, schoolDate, until } from '../support/workflow.js';

/**
 * 值岗安排 end to end (docs/product/office.md#duty-rosters, docs/adr/0064-duty-rosters.md) on the shared test server:
 * bad input and refusals in zh and en, writing nothing; 李主任 (office) makes two posts and a roster for a week two
 * weeks ahead with a holiday on a weekday, records 林老师 (teacher01)'s leave on its Monday, lets the fair rotation fill
 * it (the holiday and the leave skipped), publishes it; 陈老师 sees the duties; a swap with a colleague is refused into
 * a clash, onto a teacher on leave, and with another's duty, then runs request → consent → approval and the roster
 * shows it; vehicle booking within the seats, never two at once. In the browser: 陈老师's phone pages (zh) and the office's
 * roster grid (en). The holiday and the leave it made are removed at its end; what instances hold stays (see afterAll).
 */
const zh = resources.zh.duty;
const en = resources.en.duty;
type Who = 'office' | 'teacher' | 'headteacher' | 'teacher01' | 'teacher02' | 'admin';
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, string>;
const MARK = `E2E${Date.now() % 100000}`;
const made: { rosters: string[]; posts: string[]; holiday: string | null; vehicle: string | null } = { rosters: [], posts: [], holiday: null, vehicle: null };
const booking = (who: Who, json: unknown, lang: 'zh' | 'en' = 'zh') => call<WorkflowCommandResult>('/api/workflows/vehicle-booking', { token: tokens[who], json, lang });
const upcoming = async () => ((await call<VehicleBookingRow[]>('/api/workflows/vehicle-booking/views/upcoming', { token: tokens.teacher })).body.data ?? []);

const api = <T>(path: string, who: Who, json?: unknown, lang: 'zh' | 'en' = 'zh', method?: 'PUT') => call<T>(`/api/duty-rosters${path}`, { token: tokens[who], lang, ...(json === undefined ? {} : { json }), ...(method ? { method } : {}) });
const swap = (who: Who, json: unknown, lang: 'zh' | 'en' = 'zh') => call<WorkflowCommandResult>('/api/workflows/duty-swap', { token: tokens[who], json, lang });
const step = (who: Who, id: string, type: string) => call(`/api/workflows/duty-swap/${id}/events`, { token: tokens[who], json: { type } });
const count = () => withDb(async (c) => Number((await c.query(`SELECT (SELECT count(*) FROM duty_roster) + (SELECT count(*) FROM duty_post) + (SELECT count(*) FROM duty_absence) AS n`)).rows[0]?.n));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
/** The Monday at least 8 days ahead: its week's duties begin well after now. */
const MONDAY = (() => {
  for (let n = 8; ; n++) if (weekday(schoolDate(n)) === 1) return n;
})();
const day = (i: number) => schoolDate(MONDAY + i);

let roster: DutyRosterDetail;
let holiday: string;

beforeAll(async () => {
  const accounts: Who[] = ['office', 'teacher', 'headteacher', 'teacher01', 'teacher02', 'admin'];
  const got = await Promise.all(accounts.map((a) => login(a)));
  accounts.forEach((a, i) => (tokens[a] = got[i] as string));
  const rows = await withDb(async (c) => (await c.query(`SELECT account, id FROM sys_user WHERE account = ANY($1)`, [accounts])).rows as { account: Who; id: string }[]);
  for (const r of rows) ids[r.account] = r.id;
  // a weekday of the week declared a holiday (one already declared is used as it is)
  const declared = await withDb(async (c) => (await c.query(`SELECT to_char(day, 'YYYY-MM-DD') AS d, kind FROM calendar_holiday WHERE day BETWEEN $1::date AND $2::date`, [day(0), day(6)])).rows as { d: string; kind: string }[]);
  const existing = declared.find((h) => h.kind === 'holiday' && weekday(h.d) >= 1 && weekday(h.d) <= 5);
  if (existing) holiday = existing.d;
  else {
    holiday = [day(2), day(1), day(3)].find((d) => !declared.some((h) => h.d === d)) as string;
    const res = await call<{ id: string }>('/api/calendar/holidays', { token: tokens.admin, json: { date: holiday, kind: 'holiday', name: `校庆${MARK}`, replacesWeekday: '' } });
    expect(res.status).toBe(200);
    made.holiday = res.body.data?.id ?? null;
  }
}, 60_000);

// What the swap and the bookings hold (duty_swap, vehicle_booking) are rows of workflow instances, which stay — and a
// projections rebuild on this database makes them again, so what they refer to stays too: the roster (its duties),
// the posts and the vehicle, all named by this run's mark. The holiday goes (other files' timetables read it), and
// the leave recorded.
afterAll(async () => {
  await withDb(async (c) => {
    await c.query(`DELETE FROM duty_absence WHERE reason LIKE $1`, [`%${MARK}%`]);
    if (made.holiday) await c.query(`DELETE FROM calendar_holiday WHERE id = $1`, [made.holiday]);
  });
});

describe('duty rosters', () => {
  it('bad input answers the envelope in zh and en and writes nothing; a teacher may not manage', async () => {
    const before = await count();
    const bad = [
      ['', { title: ' ', fromDate: day(0), toDate: day(6) }, zh.validation.titleRequired, en.validation.titleRequired],
      ['', { title: 'x', fromDate: day(6), toDate: day(0) }, zh.validation.rangeInverted, en.validation.rangeInverted],
      ['', { title: 'x', fromDate: day(0), toDate: day(40) }, zh.validation.rangeTooLong, en.validation.rangeTooLong],
      ['/posts', { name: '门岗', start: '25:00', end: '07:00' }, zh.validation.timeInvalid, en.validation.timeInvalid],
      ['/absences', { teacherId: 'x', fromDate: day(0), toDate: day(0) }, zh.validation.teacherInvalid, en.validation.teacherInvalid],
    ] as const;
    for (const [path, json, zhMsg, enMsg] of bad) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await api(path, 'office', json, lang);
        expect([res.status, res.body.code, res.body.result, res.body.msg]).toEqual([400, 400, false, msg]);
      }
    }
    const refused = await api('', 'teacher', { title: '第一周', fromDate: day(0), toDate: day(6) }, 'en');
    expect([refused.status, refused.body.result, refused.body.msg]).toEqual([403, false, en.errors.forbidden]);
    expect((await api('/absences', 'teacher')).status).toBe(403);
    expect(await count()).toBe(before);
  });

  it("the staff picker names departments in the reader's language: English where the department has it, else Chinese", async () => {
    const dept = await withDb(async (c) => (await c.query(`SELECT d.name, d.name_en FROM sys_user u JOIN org_department d ON d.id = u.department_id WHERE u.id = $1`, [ids.teacher])).rows[0] as { name: string; name_en: string });
    expect(dept.name_en).not.toMatch(/^$|[\u4e00-\u9fff]/);
    const department = async (lang: 'zh' | 'en') => ((await api<DutyCandidate[]>('/staff', 'office', undefined, lang)).body.data ?? []).find((s) => s.id === ids.teacher)?.department;
    expect([await department('zh'), await department('en')]).toEqual([dept.name, dept.name_en]);
  });

  it('the office builds a week by the fair rotation: the holiday and a teacher’s leave skipped; publishes it; teachers see their duties', async () => {
    // two posts at overlapping times: whoever holds one that day cannot take the other
    for (const [name, start, end] of [[`门岗${MARK}`, '07:10', '07:50'], [`护导${MARK}`, '07:30', '08:10']] as const) {
      const res = await api<DutyPost>('/posts', 'office', { name, nameEn: `Post ${name}`, start, end });
      expect([res.status, res.body.msg]).toEqual([200, zh.results.postSaved]);
      made.posts.push((res.body.data as DutyPost).id);
    }
    const absent = await api('/absences', 'office', { teacherId: ids.teacher01, fromDate: day(0), toDate: day(0), reason: `病假 ${MARK}` });
    expect(absent.status).toBe(200);
    const created = await api<DutyRosterDetail>('', 'office', { title: `值岗第一周${MARK}`, fromDate: day(0), toDate: day(6) });
    expect([created.status, created.body.msg]).toEqual([200, zh.results.created]);
    roster = created.body.data as DutyRosterDetail;
    made.rosters.push(roster.id);
    expect(roster).toMatchObject({ status: 'draft', slots: 0 });
    expect(roster.days).not.toContain(holiday);
    expect(roster.days).not.toContain(day(6)); // Sunday
    expect(roster.skipped.map((s) => s.date)).toContain(holiday);
    // a draft is the office's: a teacher does not see it
    expect((await api(`/${roster.id}`, 'teacher')).status).toBe(404);

    const rotation = [ids.teacher, ids.headteacher, ids.teacher01, ids.teacher02];
    const refusedGen = await api(`/${roster.id}/generate`, 'teacher', { postIds: made.posts, teacherIds: rotation }, 'en');
    expect([refusedGen.status, refusedGen.body.msg]).toEqual([403, en.errors.forbidden]);
    const gen = await api<DutyRosterDetail>(`/${roster.id}/generate`, 'office', { postIds: made.posts, teacherIds: rotation });
    roster = gen.body.data as DutyRosterDetail;
    expect([gen.status, gen.body.msg]).toEqual([200, zh.results.generated.replace('{{count}}', String(roster.days.length * 2))]);
    expect(roster.assignments.some((a) => a.date === holiday)).toBe(false);
    expect(roster.assignments.some((a) => a.date === day(0) && a.teacherId === ids.teacher01)).toBe(false);
    const per = rotation.map((t) => roster.assignments.filter((a) => a.teacherId === t).length);
    expect(Math.max(...per) - Math.min(...per)).toBeLessThanOrEqual(1);
    for (const d of roster.days) expect(new Set(roster.assignments.filter((a) => a.date === d).map((a) => a.teacherId)).size).toBe(2);
    // by hand: not on the holiday (zh, en); a teacher on duty that day cannot take the other post
    for (const [lang, msg] of [['zh', zh.errors.dayNotInRoster], ['en', en.errors.dayNotInRoster]] as const) {
      const res = await api(`/${roster.id}/slot`, 'office', { postId: made.posts[0], date: holiday, teacherId: ids.teacher }, lang, 'PUT');
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }

    expect(((await api<DutyAssignment[]>('/mine', 'teacher')).body.data ?? []).filter((a) => a.rosterId === roster.id)).toEqual([]);
    const pub = await api<DutyRosterDetail>(`/${roster.id}/publish`, 'office', {});
    expect([pub.status, pub.body.msg]).toEqual([200, zh.results.published.replace('{{count}}', '4')]);
    const again = await api(`/${roster.id}/slot`, 'office', { postId: made.posts[0], date: day(0), teacherId: ids.teacher }, 'en', 'PUT');
    expect([again.status, again.body.msg]).toEqual([409, en.errors.notDraft]);
    const mine = ((await api<DutyAssignment[]>('/mine', 'teacher')).body.data ?? []).filter((a) => a.rosterId === roster.id);
    expect(mine.map((a) => a.id).sort()).toEqual(roster.assignments.filter((a) => a.teacherId === ids.teacher).map((a) => a.id).sort());
    const told = await withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM message WHERE source_key LIKE $1`, [`duty-roster:${roster.id}:published:%`])).rows[0]?.n));
    expect(told).toBe(4);
  });

  it('a swap: refused into a clash, onto a teacher on leave, with another’s duty; then request → consent → approval moves both duties', async () => {
    const on = (t: Who, d: string) => roster.assignments.find((a) => a.teacherId === ids[t] && a.date === d);
    // 陈老师's duty A on a day X; a colleague free on X who holds a duty B on a day 陈老师 is free
    const others: Who[] = ['headteacher', 'teacher02', 'teacher01'];
    let plan: { a: DutyAssignment; c: Who; b: DutyAssignment } | null = null;
    for (const a of roster.assignments.filter((x) => x.teacherId === ids.teacher)) {
      for (const c of others) {
        if (on(c, a.date) || (c === 'teacher01' && a.date === day(0))) continue;
        const b = roster.assignments.find((x) => x.teacherId === ids[c] && !on('teacher', x.date));
        if (b && !plan) plan = { a, c, b };
      }
    }
    expect(plan).not.toBeNull();
    const { a, c, b } = plan as { a: DutyAssignment; c: Who; b: DutyAssignment };
    const clashWith = others.find((o) => on(o, a.date)) as Who;
    const form = { assignmentId: a.id, withTeacherId: ids[c], withAssignmentId: b.id, reason: '外出培训' };

    const refusals: [Who, unknown, number, string, string][] = [
      ['headteacher', { ...form, withTeacherId: ids.teacher02 }, 403, zh.errors.notYourDuty, en.errors.notYourDuty],
      ['teacher', { ...form, withTeacherId: ids[clashWith], withAssignmentId: undefined }, 422, zh.errors.swapClash.replace('{{name}}', on(clashWith, a.date)?.teacherName ?? ''), en.errors.swapClash.replace('{{name}}', on(clashWith, a.date)?.teacherName ?? '')],
      ['teacher', { ...form, withTeacherId: c === 'teacher02' ? ids.headteacher : ids.teacher02 }, 422, zh.errors.notTheirDuty, en.errors.notTheirDuty],
      ['teacher', { ...form, reason: ' ' }, 400, zh.validation.reasonRequired, en.validation.reasonRequired],
    ];
    for (const [who, json, status, zhMsg, enMsg] of refusals) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await swap(who, json, lang);
        expect([res.status, res.body.result, res.body.msg]).toEqual([status, false, msg]);
      }
    }
    // 林老师 (teacher01) on leave on X cannot take A
    if (!on('teacher01', a.date)) {
      await api('/absences', 'office', { teacherId: ids.teacher01, fromDate: a.date, toDate: a.date, reason: `事假 ${MARK}` });
      const res = await swap('teacher', { ...form, withTeacherId: ids.teacher01, withAssignmentId: undefined }, 'en');
      expect([res.status, res.body.msg]).toEqual([422, en.errors.swapAbsent.replace('{{name}}', roster.assignments.find((x) => x.teacherId === ids.teacher01)?.teacherName ?? '')]);
    }

    const started = await swap('teacher', form);
    expect(started.status).toBe(200);
    const instanceId = (started.body.data as WorkflowCommandResult).id;
    const twice = await swap('teacher', form, 'en');
    expect([twice.status, twice.body.msg]).toEqual([409, en.errors.swapPending]);
    const held = ((await api<DutyAssignment[]>('/mine', 'teacher')).body.data ?? []).find((x) => x.id === a.id);
    expect(held?.swapInstanceId).toBe(instanceId);
    // the office cannot decide before the colleague consents; nothing moves until approved
    expect((await step('office', instanceId, 'APPROVE')).status).toBeGreaterThanOrEqual(400);
    expect((await step(c, instanceId, 'CONSENT')).status).toBe(200);
    await caughtUp('workflow-effects');
    expect(((await api<DutyRosterDetail>(`/${roster.id}`, 'teacher')).body.data as DutyRosterDetail).assignments.find((x) => x.id === a.id)?.teacherId).toBe(ids.teacher);
    expect((await step('office', instanceId, 'APPROVE')).status).toBe(200);
    const after = await until(
      async () => (await api<DutyRosterDetail>(`/${roster.id}`, 'teacher')).body.data as DutyRosterDetail,
      (r) => r.assignments.find((x) => x.id === a.id)?.teacherId === ids[c],
    );
    expect(after.assignments.find((x) => x.id === b.id)?.teacherId).toBe(ids.teacher);
    expect(after.assignments.find((x) => x.id === a.id)?.swapInstanceId).toBeNull();
    roster = after;
  });

  it('vehicle booking: passengers within the seats, never two bookings of a vehicle at once; the office approves', async () => {
    const v = await call<{ id: string }>('/api/academic/vehicles', { token: tokens.office, json: { plate: `沪A${MARK}`, seats: 7, driver: '王师傅' } });
    expect(v.status).toBe(200);
    made.vehicle = v.body.data?.id ?? null;
    const at = (hhmm: string) => `${day(1)} ${hhmm}`;
    const form = { vehicleId: made.vehicle, start: at('09:00'), end: at('11:00'), destination: '区教育局', passengers: '5', reason: '参加教研会' };
    const ven = resources.en.duty.vehicle;
    const vzh = resources.zh.duty.vehicle;
    const refusals: [unknown, number, string, string][] = [
      [{ ...form, passengers: '8' }, 422, vzh.errors.tooManyPassengers.replace('{{seats}}', '7'), ven.errors.tooManyPassengers.replace('{{seats}}', '7')],
      [{ ...form, end: at('08:00') }, 400, resources.zh.validation.endBeforeStart, resources.en.validation.endBeforeStart],
      [{ ...form, destination: ' ' }, 400, zh.validation.destinationRequired, en.validation.destinationRequired],
    ];
    for (const [json, status, zhMsg, enMsg] of refusals) {
      for (const [lang, msg] of [['zh', zhMsg], ['en', enMsg]] as const) {
        const res = await booking('teacher', json, lang);
        expect([res.status, res.body.result, res.body.msg]).toEqual([status, false, msg]);
      }
    }
    const first = await booking('teacher', form);
    expect(first.status).toBe(200);
    const firstId = (first.body.data as WorkflowCommandResult).id;
    // an overlap is refused by the database's constraint, while pending and once approved
    const overlap = { ...form, start: at('10:00'), end: at('12:00') };
    const taken = await booking('headteacher', overlap, 'en');
    expect([taken.status, taken.body.msg]).toEqual([422, ven.errors.taken]);
    expect((await call(`/api/workflows/vehicle-booking/${firstId}/events`, { token: tokens.office, json: { type: 'APPROVE' } })).status).toBe(200);
    await until(upcoming, (rows) => rows.some((r) => r.id === firstId && r.status === 'passed'));
    expect((await booking('headteacher', overlap, 'zh')).body.msg).toBe(vzh.errors.taken);
    // right after it is free; a withdrawn request frees its time again
    const next = await booking('headteacher', { ...form, start: at('11:00'), end: at('12:00') });
    expect(next.status).toBe(200);
    const nextId = (next.body.data as WorkflowCommandResult).id;
    expect((await call(`/api/workflows/vehicle-booking/${nextId}/events`, { token: tokens.headteacher, json: { type: 'WITHDRAW' } })).status).toBe(200);
    await until(upcoming, (rows) => !rows.some((r) => r.id === nextId));
    expect((await booking('teacher01', { ...form, start: at('11:00'), end: at('12:00'), passengers: '2' })).status).toBe(200);
  });

  describe('in the browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('陈老师’s phone page lists the duties and opens the swap form (zh); the office’s roster grid (en)', async () => {
      const mine = roster.assignments.filter((x) => x.teacherId === ids.teacher);
      const t = await newTestPage(browser);
      await t.page.setViewportSize({ width: 390, height: 800 });
      await signedIn(t.page, 'teacher', '/qt_app/zgzap');
      for (const x of mine) await t.page.locator(tid(`duty-mine-${x.id}`)).waitFor();
      await t.page.locator(tid(`duty-swap-${mine[0]?.id ?? ''}`)).click();
      await t.page.locator(tid('duty-swap-panel')).waitFor();
      expect(await t.page.locator(tid('duty-swap-panel')).innerText()).toContain(resources.zh.web.flow['duty-swap'].title);
      await shot(t.page, 'duty-phone-zh');
      await t.page.goto(appUrl('/qt_app/ycyd'));
      await t.page.locator(tid('vehicle-phone')).waitFor();
      await eventually(async () => expect(await t.page.locator(tid('vehicle-mine')).innerText()).toContain('区教育局'));
      await shot(t.page, 'vehicle-phone-zh');
      await t.close();

      const e = await englishPage(browser);
      await signedIn(e.page, 'office', '/zgzap');
      await e.page.locator(tid(`duty-roster-row-${roster.id}`)).click();
      const grid = e.page.locator(tid('duty-grid'));
      await grid.waitFor();
      await eventually(async () => expect(await grid.innerText()).toContain(mine[0]?.teacherName ?? '?'));
      expect(await e.page.locator(tid('duty-roster-status')).innerText()).toBe(en.status.published);
      expect(await grid.innerText()).toContain(holiday);
      await shot(e.page, 'duty-roster-en');
      await e.close();
    });
  });
});
