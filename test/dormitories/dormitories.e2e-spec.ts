import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type BulkAllocationPlan, type DormitoryHistoryEntry, type DormitoryRoomBeds, type MessageRow, type NightRecordPage, type NightRecordRow, resources } from '@schoolflow/contracts';
import type { Browser } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import { call, login, withDb } from '../support/api.js';
import { eventually, launchBrowser, newTestPage, shot, signedIn, tid } from '../support/browser.js';
import { englishPage } from '../support/flow-pages.js';
import { runTag } from '../resources/resource-support.js';
import { caughtUp, connectSocket, flowCalls, nextPush, schoolDate, schoolTime, until } from '../support/workflow.js';

/**
 * 宿舍管理 end to end (docs/product/campus-life.md#dormitories, docs/adr/0053-dormitories.md) on the shared test server:
 * rooms on the kit refuse effective beds above the total (zh, en) and writes need dormitories:edit; a bulk allocation
 * of 高一 boys into this file's rooms previews (writing nothing), applies — two applies at once never fill a room above
 * its effective beds — and the beds, the histories and the refusals of single attachments follow; a day-reading
 * request that passes frees the student's bed; a late return is recorded and the head teacher's bell rings once; the
 * allocation page in the browser (zh) and a glance at the night records in en. What it makes is removed at its end.
 */
const zh = resources.zh.dormitories;
const en = resources.en.dormitories;
const T = runTag();
const tokens = {} as Record<'office' | 'teacher' | 'head' | 'parent', string>;
const rooms = {} as Record<'a' | 'b' | 'girls', string>;
let buildingId = '';
const nights: string[] = [];
let socket: Socket | null = null;
let browser: Browser | null = null;

const post = <D>(path: string, json: unknown, who: keyof typeof tokens = 'office', lang?: 'zh' | 'en') => call<D>(`/api/dormitories${path}`, { token: tokens[who], json, ...(lang ? { lang } : {}) });
const get = <D>(path: string, who: keyof typeof tokens = 'office') => call<D>(`/api/dormitories${path}`, { token: tokens[who] });
const occupancy = () =>
  withDb(async (c) => (await c.query(`SELECT r.id, r.beds_effective, count(a.*)::int AS n, coalesce(max(a.bed_no), 0) AS top FROM dorm_room r LEFT JOIN dorm_allocation a ON a.room_id = r.id WHERE r.building_id = $1 GROUP BY r.id`, [buildingId])).rows as { id: string; beds_effective: number; n: number; top: number }[]);
const studentId = (no: string) => withDb(async (c) => (await c.query(`SELECT id FROM student WHERE student_no = $1`, [no])).rows[0]?.id as string);
const bulk = { grade: '10', gender: 'M' };

beforeAll(async () => {
  [tokens.office, tokens.teacher, tokens.head, tokens.parent] = (await Promise.all(['office', 'teacher', 'headteacher', 'jz202511001'].map((a) => login(a)))) as [string, string, string, string];
  const b = await post<{ id: string }>('/buildings', { code: `DT${T}`, name: `测试宿舍楼${T}`, floors: 3 });
  expect(b.status).toBe(200);
  buildingId = b.body.data?.id as string;
  const room = async (code: string, gender: 'M' | 'F', bedsTotal: number, bedsEffective: number) => {
    const r = await post<{ id: string }>('/rooms', { buildingId, code: `${T}${code}`, floor: 1, gender, bedsTotal, bedsEffective });
    expect([r.status, r.body.msg]).toEqual([200, resources.zh.resource.messages.createdOk]);
    return r.body.data?.id as string;
  };
  rooms.a = await room('1', 'M', 6, 4);
  rooms.b = await room('2', 'M', 4, 3);
  rooms.girls = await room('3', 'F', 4, 4);
}, 60_000);

afterAll(async () => {
  socket?.disconnect();
  await browser?.close();
  await withDb(async (c) => {
    await c.query(`DELETE FROM message WHERE source_key = ANY($1::text[])`, [nights.map((id) => `dormitories:night:${id}`)]);
    await c.query(`DELETE FROM dorm_night_record WHERE id = ANY($1::uuid[])`, [nights]);
    await c.query(`DELETE FROM dorm_allocation WHERE room_id IN (SELECT id FROM dorm_room WHERE building_id = $1)`, [buildingId]);
    await c.query(`DELETE FROM dorm_allocation_log WHERE room_id IN (SELECT id FROM dorm_room WHERE building_id = $1)`, [buildingId]);
    await c.query(`DELETE FROM dorm_room WHERE building_id = $1`, [buildingId]);
    await c.query(`DELETE FROM dorm_building WHERE id = $1`, [buildingId]);
  });
});

describe('dormitories', () => {
  it('rooms: effective beds above the total refused in zh and en, nothing written; no writes or beds without the permission', async () => {
    const before = (await occupancy()).length;
    for (const [lang, msg] of [['zh', resources.zh.validation.effectiveBedsAboveTotal], ['en', resources.en.validation.effectiveBedsAboveTotal]] as const) {
      const res = await post('/rooms', { buildingId, code: `${T}9`, floor: 1, gender: 'M', bedsTotal: 4, bedsEffective: 5 }, 'office', lang);
      expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, msg]);
    }
    expect((await occupancy()).length).toBe(before);
    expect((await post('/rooms', { buildingId, code: `${T}8`, floor: 1, gender: 'M', bedsTotal: 4, bedsEffective: 4 }, 'teacher')).status).toBe(403);
    const beds = await get(`/rooms/${rooms.a}/beds`, 'teacher');
    expect([beds.status, beds.body.msg]).toEqual([403, zh.errors.forbidden]);
    const apply = await post('/allocations/bulk/apply', { ...bulk, roomIds: [rooms.a] }, 'teacher', 'en');
    expect([apply.status, apply.body.msg]).toEqual([403, en.errors.forbidden]);
    expect((await post('/allocations/bulk/preview', { ...bulk, roomIds: [] })).body.msg).toBe(zh.validation.roomsRequired);
  });

  it('a hygiene inspection: the room is named "building · room"; a day after today is refused in zh and en, nothing written', async () => {
    const options = await call<{ value: string; label: string }[]>(`/api/academic/options/dormitory-rooms?ids=${rooms.a}`, { token: tokens.office });
    expect(options.body.data?.map((o) => o.label)).toEqual([`测试宿舍楼${T} · ${T}1`]);
    const inspections = () => withDb(async (c) => Number((await c.query(`SELECT count(*) AS n FROM dorm_inspection WHERE room_id = $1`, [rooms.a])).rows[0]?.n));
    for (const [lang, msg] of [['zh', zh.errors.inspectionFuture], ['en', en.errors.inspectionFuture]] as const) {
      const res = await post('/inspections', { roomId: rooms.a, inspectedOn: schoolDate(1), score: 90 }, 'office', lang);
      expect([res.status, res.body.result, res.body.msg]).toEqual([400, false, msg]);
    }
    expect(await inspections()).toBe(0);
    expect((await post('/inspections', { roomId: rooms.a, inspectedOn: schoolDate(0), score: 90 })).status).toBe(200);
    await withDb((c) => c.query(`DELETE FROM dorm_inspection WHERE room_id = $1`, [rooms.a]));
  });

  it('a bulk allocation of 高一 boys previews, applies (twice at once) and never exceeds the effective beds', async () => {
    const roomIds = [rooms.a, rooms.b, rooms.girls];
    const preview = await post<BulkAllocationPlan>('/allocations/bulk/preview', { ...bulk, roomIds });
    expect(preview.status).toBe(200);
    const plan = preview.body.data as BulkAllocationPlan;
    expect(plan.skippedRooms).toEqual([{ roomId: rooms.girls, roomCode: `${T}3`, reason: 'gender' }]);
    expect(plan.placements.length).toBe(7); // 4 + 3 effective beds; the demo leaves 高一(2)班's boys without one
    expect(plan.unplaced.length).toBeGreaterThan(0);
    expect(plan.placements.every((p) => (p.roomId === rooms.a ? p.bedNo <= 4 : p.bedNo <= 3))).toBe(true);
    expect((await occupancy()).every((r) => r.n === 0)).toBe(true); // the preview wrote nothing

    const [one, two] = await Promise.all([post<BulkAllocationPlan>('/allocations/bulk/apply', { ...bulk, roomIds }), post<BulkAllocationPlan>('/allocations/bulk/apply', { ...bulk, roomIds })]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const placed = [...(one.body.data?.placements ?? []), ...(two.body.data?.placements ?? [])];
    expect(placed.length).toBe(7);
    expect(new Set(placed.map((p) => p.studentId)).size).toBe(7);
    for (const r of await occupancy()) expect(r.n <= r.beds_effective && r.top <= r.beds_effective).toBe(true);

    const beds = (await get<DormitoryRoomBeds>(`/rooms/${rooms.a}/beds`)).body.data as DormitoryRoomBeds;
    expect(beds.beds.map((b) => [b.bedNo, b.inUse, b.occupant !== null])).toEqual([[1, true, true], [2, true, true], [3, true, true], [4, true, true], [5, false, false], [6, false, false]]);
    // effective beds below the beds taken: the kit answers the trigger's message
    const fewer = await call(`/api/dormitories/rooms/${rooms.a}`, { method: 'PUT', token: tokens.office, json: { buildingId, code: `${T}1`, floor: 1, gender: 'M', bedsTotal: 6, bedsEffective: 2 } });
    expect([fewer.status, fewer.body.msg]).toEqual([400, resources.zh.validation.effectiveBedsBelowOccupied]);

    // one out of the bed (still a boarder), one out of the dormitory; the histories say so
    const [first, second] = beds.beds.map((b) => b.occupant?.studentId as string);
    expect((await post(`/allocations/${first}/unassign`, { reason: '调换宿舍' })).body.msg).toBe(zh.results.unassigned);
    expect((await post(`/allocations/${second}/remove`, {})).body.msg).toBe(zh.results.removed);
    expect((await post(`/allocations/${second}/remove`, {})).status).toBe(409);
    const history = (await get<DormitoryHistoryEntry[]>(`/allocations/history?roomId=${rooms.a}`)).body.data as DormitoryHistoryEntry[];
    expect(history.slice(0, 2).map((h) => [h.kind, h.bedNo, h.actorName])).toEqual([['removed', 2, '李主任'], ['unassigned', 1, '李主任']]);
    expect(history.filter((h) => h.kind === 'attached')).toHaveLength(4);
    expect(((await get<DormitoryHistoryEntry[]>(`/allocations/history?studentId=${first}`)).body.data as DormitoryHistoryEntry[]).map((h) => [h.kind, h.reason])).toEqual([['unassigned', '调换宿舍'], ['attached', '']]);

    // single attachments: a bed out of use, a girl in a boys' room, a taken bed — refused; a free bed taken
    expect((await post('/allocations', { studentId: first, roomId: rooms.a, bedNo: 5 })).body.msg).toBe(zh.errors.bedOutOfUse);
    const girl = await withDb(async (c) => (await c.query(`SELECT s.id FROM student s WHERE s.gender = 'F' AND s.status = 'enrolled' AND s.boarding = 'boarding' AND NOT EXISTS (SELECT 1 FROM dorm_allocation a WHERE a.student_id = s.id) LIMIT 1`)).rows[0]?.id as string);
    if (girl) expect((await post('/allocations', { studentId: girl, roomId: rooms.a, bedNo: 1 }, 'office', 'en')).body.msg).toBe(en.errors.genderMismatch);
    expect((await post('/allocations', { studentId: first, roomId: rooms.a, bedNo: 3 })).status).toBe(409);
    const attached = await post<DormitoryRoomBeds>('/allocations', { studentId: first, roomId: rooms.a, bedNo: 2 });
    expect([attached.status, attached.body.data?.beds[1]?.occupant?.studentId]).toEqual([200, first]);
  });

  it('a day-reading request that passes frees the student’s bed, the history naming the request', async () => {
    const { submit, act } = flowCalls('day-reading');
    const id = await studentId('202511001');
    await withDb(async (c) => {
      await c.query(`UPDATE student SET boarding = 'boarding', boarding_from = NULL WHERE id = $1`, [id]);
      await c.query(`DELETE FROM dorm_allocation WHERE student_id = $1`, [id]);
      // bed 1 of room a: its sleeper moved to bed 2 above
      await c.query(`INSERT INTO dorm_allocation (student_id, room_id, bed_no) VALUES ($1, $2, 1)`, [id, rooms.a]);
    });
    const bedOf = () => withDb(async (c) => (await c.query(`SELECT room_id FROM dorm_allocation WHERE student_id = $1`, [id])).rows[0]?.room_id as string | undefined);
    expect(await bedOf()).toBe(rooms.a);
    const started = await submit(tokens.parent, { studentId: '202511001', start: schoolTime(3, '08:00').slice(0, 10), address: '浦东新区张江路1号', guardianPhone: '13800000000', reason: '家离学校近' });
    const instance = started.body.data?.id as string;
    await act(tokens.head, instance, { type: 'APPROVE' });
    await act(tokens.office, instance, { type: 'APPROVE' });
    await caughtUp('workflow-effects');
    expect(await until(bedOf, (r) => r === undefined)).toBeUndefined();
    const history = (await get<DormitoryHistoryEntry[]>(`/allocations/history?studentId=${id}`)).body.data as DormitoryHistoryEntry[];
    expect([history[0]?.kind, history[0]?.actorName, history[0]?.reason]).toEqual(['removed', null, `day-reading:${instance}`]);
    await withDb((c) => c.query(`UPDATE student SET boarding = 'boarding', boarding_from = NULL WHERE id = $1`, [id]));
  });

  it('a late return is recorded and the head teacher is told, once; they read it, a teacher may not', async () => {
    const id = await studentId('202511001');
    const noTime = await post('/night-records', { studentId: id, kind: 'late', date: schoolTime(0, '08:00').slice(0, 10) }, 'office', 'en');
    expect([noTime.status, noTime.body.msg]).toEqual([400, en.validation.timeRequired]);
    socket = await connectSocket(tokens.head);
    const bell = nextPush<MessageRow>(socket, 'message.created', (m) => String(m.MESSAGE_LINK).startsWith('/ssgl/wgjl?id='));
    const res = await post<NightRecordRow>('/night-records', { studentId: id, kind: 'late', date: schoolTime(0, '08:00').slice(0, 10), time: '22:47', note: `晚自习后去了超市${T}` });
    expect([res.status, res.body.msg]).toEqual([200, zh.results.recorded]);
    const row = res.body.data as NightRecordRow;
    nights.push(row.id);
    expect(row).toMatchObject({ kind: 'late', studentNo: '202511001', time: '22:47', headTeacherTold: true });
    const message = await bell;
    expect([message.MESSAGE_LINK, message.MESSAGE_TITLE]).toEqual([`/ssgl/wgjl?id=${row.id}`, zh.message.lateTitle]);
    expect(String(message.MESSAGE_CONTENT)).toContain('22:47');
    expect(await withDb(async (c) => (await c.query(`SELECT u.account FROM message m JOIN sys_user u ON u.id = m.recipient_id WHERE m.source_key = $1`, [`dormitories:night:${row.id}`])).rows)).toEqual([{ account: 'headteacher' }]);
    expect(((await get<NightRecordPage>('/night-records', 'head')).body.data as NightRecordPage).list.map((n) => n.id)).toContain(row.id);
    const refused = await get('/night-records', 'teacher');
    expect([refused.status, refused.body.msg]).toEqual([403, zh.errors.recordsForbidden]);
    expect((await post('/night-records', { studentId: id, kind: 'absent', date: schoolTime(0, '08:00').slice(0, 10) }, 'head')).status).toBe(403);
  });

  it('in the browser: the office previews a bulk allocation and sees a room’s beds and history (zh); the night records in en', async () => {
    browser = await launchBrowser();
    const office = await newTestPage(browser);
    const english = await englishPage(browser);
    try {
      const o = office.page;
      await signedIn(o, 'office', '/ssgl/cwfp');
      await o.locator(tid(`dorm-room-${T}1`)).click();
      await eventually(async () => expect(await o.locator(tid('dorm-room-beds')).innerText()).toContain('1号床'));
      expect(await o.locator(tid('dorm-bed-5')).innerText()).toContain('停用');
      await o.locator(tid('dorm-room-history')).click();
      await eventually(async () => expect(await o.locator(tid('dorm-history')).innerText()).toContain('调出床位'));
      await o.locator(tid('dorm-bulk-toggle')).click();
      await o.locator(tid('dorm-bulk-preview')).click();
      await eventually(async () => expect(await o.locator(tid('dorm-bulk')).innerText()).toContain('请选择要分配的房间'));
      await o.locator(`${tid(`dorm-bulk-room-${T}1`)} label`).click();
      await o.locator(tid('dorm-bulk-preview')).click();
      await eventually(async () => expect(await o.locator(tid('dorm-bulk-summary')).innerText()).toMatch(/可分配 \d+ 人/));
      await shot(o, 'dormitories-01-allocation');

      const e = english.page;
      await signedIn(e, 'office', '/ssgl/wgjl');
      await eventually(async () => expect(await e.locator(tid('dorm-nights')).innerText()).toContain(`晚自习后去了超市${T}`));
      expect(await e.locator(tid('dorm-night-view')).innerText()).toContain('Night records');
      expect(await e.locator(tid('dorm-night-202511001')).first().innerText()).toContain('Late return');
      await shot(e, 'dormitories-02-night-records-en');
      for (const t of [office, english]) expect(t.problems.unexpected()).toEqual([]);
    } finally {
      await office.close();
      await english.close();
    }
  });
});
