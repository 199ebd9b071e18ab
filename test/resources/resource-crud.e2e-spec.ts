import { beforeAll, describe, expect, it } from '@jest/globals';
import { legacyPasswordDigest, RESOURCES, utf8ToBase64 } from '@schoolflow/contracts';
import { call, withDb } from '../support/api.js';
import { admin } from '../support/admin.js';
import { countRows, digitTag, getFile, idByKey, path, readSheet, residentId, runTag, tableOf, userIdOf } from './resource-support.js';

/**
 * Every resource of the registry through its routes (docs/architecture.md#resource-api): create, read, list by keyword, filter, save,
 * export (formula-looking text escaped), delete; duplicates answered 409 "…已被使用"; a record in use refused 409 with
 * the spec's message and kept; a teaching class's students attached and detached; a class's headcount counted.
 * Everything is created fresh under this file's tag (the demo school's records are only read), and removed at the end.
 */
type Body = Record<string, unknown>;
type Rec = { id: string } & Body;

const T = runTag();
const ids: Record<string, string> = {};
const records: Record<string, Rec> = {};
const demo = {} as { campusId: string; buildingId: string; yearId: string; currentSemesterId: string; peCourseId: string; teacherId: string; teacher01Id: string };
let token: string;
let staffToken: string;

/** A name that a spreadsheet would run as a formula, unless the export escapes it. */
const formulaName = (label: string): string => `=1+1${label}${T}`;
const STUDENT_NO = `88${digitTag()}`;
const STUDENT_ID = residentId('110102', '20100315', 102);
const STAFF_ID = residentId('110102', '19850607', 201);
const BATCH_YEAR = 2027;
// health records are dated from today (never a fixed day: docs/adr/0030)
const TODAY = new Date().toISOString().slice(0, 10);
const NEXT_YEAR = new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString().slice(0, 10);

interface Case {
  body: () => Body;
  /** Filters that select the record (with the keyword), and filters that do not. */
  hit: () => Record<string, string>;
  miss: () => Record<string, string>;
  /** What a save changes. */
  change: () => Body;
  /** The text the export writes escaped (default: the saved record's name; a conversion rule has its level instead). */
  text?: () => string;
}

const CASES: Record<string, Case> = {
  campuses: {
    body: () => ({ code: `C${T}`, name: formulaName('校区'), address: '上海市某路 2 号', phone: '021-55551234', postalCode: '200120', area: 1234.5, head: '赵校长', inUse: false }),
    hit: () => ({ inUse: 'false' }),
    miss: () => ({ inUse: 'true' }),
    change: () => ({ address: '上海市某路 3 号', sort: 7 }),
  },
  buildings: {
    body: () => ({ code: `B${T}`, name: formulaName('楼'), campusId: ids.campuses, floors: 3 }),
    hit: () => ({ campusId: ids.campuses as string }),
    miss: () => ({ campusId: demo.campusId }),
    change: () => ({ floors: 4, enabled: false }),
  },
  classrooms: {
    body: () => ({ code: `R${T}`, name: formulaName('教室'), buildingId: ids.buildings, type: 'laboratory', seats: 40, lendable: true }),
    hit: () => ({ type: 'laboratory', buildingId: ids.buildings as string }),
    miss: () => ({ type: 'gym' }),
    change: () => ({ seats: 50, examSeats: 25 }),
  },
  'school-years': {
    body: () => ({ code: `Y${T}`, name: formulaName('学年'), year: 4000 + (parseInt(T.slice(0, 4), 16) % 5000) }),
    hit: () => ({ enabled: 'true' }),
    miss: () => ({ enabled: 'false' }),
    change: () => ({ sort: 5 }),
  },
  semesters: {
    body: () => ({
      code: `S${T}`, name: formulaName('学期'), schoolYearId: ids['school-years'],
      workStart: '2040-09-01', workEnd: '2041-01-20', teachingStart: '2040-09-03', teachingEnd: '2041-01-15', workWeeks: 20, teachingWeeks: 18,
    }),
    hit: () => ({ schoolYearId: ids['school-years'] as string }),
    miss: () => ({ schoolYearId: demo.yearId }),
    change: () => ({ teachingWeeks: 17 }),
  },
  majors: {
    body: () => ({ code: `M${T}`, name: formulaName('专业'), group: '理工', enabled: false, introduction: '介绍' }),
    hit: () => ({ enabled: 'false' }),
    miss: () => ({ enabled: 'true' }),
    change: () => ({ introduction: '新的介绍', nationalStandard: '080901' }),
  },
  courses: {
    body: () => ({ code: `K${T}`, name: formulaName('课'), englishName: 'Robotics', type: 'elective', category: 'research', credits: 1.5, colour: '#123ABC' }),
    hit: () => ({ type: 'elective', category: 'research' }),
    miss: () => ({ type: 'required' }),
    change: () => ({ totalHours: 36, credits: 2 }),
  },
  classes: {
    body: () => ({
      name: formulaName('班'), code: digitTag(), shortName: `测试${T.slice(0, 4)}`, grade: '11', enrollmentYear: 2024,
      majorId: ids.majors, headTeacherId: demo.teacherId, classroomId: ids.classrooms,
    }),
    hit: () => ({ majorId: ids.majors as string, grade: '11' }),
    miss: () => ({ grade: '12' }),
    change: () => ({ lifeTeacherId: demo.teacher01Id, sort: 9 }),
  },
  'teaching-classes': {
    body: () => ({ name: formulaName('教学班'), courseId: ids.courses, semesterId: ids.semesters, teacherId: demo.teacherId, layer: 'A' }),
    hit: () => ({ courseId: ids.courses as string, teacherId: demo.teacherId }),
    miss: () => ({ closed: 'true' }),
    change: () => ({ layer: 'B' }),
  },
  'research-groups': {
    // the demo PE course, so the new course is in use through its teaching class only
    body: () => ({ code: `G${T}`, name: formulaName('教研组'), leaderId: demo.teacherId, courseId: demo.peCourseId, remark: '备注' }),
    hit: () => ({ courseId: demo.peCourseId }),
    miss: () => ({ enabled: 'false' }),
    change: () => ({ remark: '新备注', sort: 3 }),
  },
  students: {
    body: () => ({
      studentNo: STUDENT_NO, name: formulaName('学生'), gender: 'F', idNumber: STUDENT_ID, birthDate: '2010-03-15', classId: ids.classes, enrollmentYear: 2024,
      guardians: [{ name: '测试家长', relationship: 'mother', mobile: '13912340000', employer: '', education: '', age: 40 }],
    }),
    hit: () => ({ classId: ids.classes as string, gender: 'F' }),
    miss: () => ({ gender: 'M' }),
    change: () => ({ nativePlace: '江苏', boarding: 'day' }),
  },
  staff: {
    body: () => ({ account: `crud_${T.toLowerCase()}`, name: formulaName('老师'), gender: 'F', idNumber: STAFF_ID, phone: '13800002222', shortNumber: '6611', roles: ['teacher'] }),
    hit: () => ({ gender: 'F' }),
    miss: () => ({ gender: 'M' }),
    change: () => ({ shortNumber: '6612', email: 'crud@school.example' }),
  },
  'enrollment-batches': {
    body: () => ({ name: formulaName('批次'), year: BATCH_YEAR, campusId: ids.campuses, startTime: '2027-06-01', endTime: '2027-08-31' }),
    hit: () => ({ year: String(BATCH_YEAR) }),
    miss: () => ({ year: '2001' }),
    change: () => ({ endTime: '2027-09-10' }),
  },
  // Grade settings (docs/product/grades.md#settings), under /api/grades. The exam node's weight stays 0: exam-type weights total at most
  // 100 and the demo's mid-term and final hold all of it.
  'exam-nodes': {
    // the name at most 10 characters: "=1" and the tag, formula-looking
    body: () => ({ code: `N${T}`, name: `=1${T}`, englishName: 'Unit test', weight: 0 }),
    hit: () => ({ enabled: 'true' }),
    miss: () => ({ enabled: 'false' }),
    change: () => ({ englishName: 'Unit test 2', sort: 5 }),
  },
  // no ranks: a scale with ranks cannot be deleted, and the delete section below deletes it
  scales: {
    body: () => ({ name: formulaName('体系'), fullScore: 100, passLine: 60, excellentLine: 85 }),
    hit: () => ({ enabled: 'true' }),
    miss: () => ({ enabled: 'false' }),
    change: () => ({ excellentLine: 90, sort: 4 }),
  },
  // The demo school year's, disabled, so that while it exists no conversion of another file reads it.
  'conversion-rules': {
    body: () => ({ schoolYearId: demo.yearId, level: `=1${T}`, lowest: 60, highest: 69, conversionScore: 65, colour: '#00FF00', classificationRate: 12.5, enabled: false }),
    hit: () => ({ schoolYearId: demo.yearId, enabled: 'false' }),
    miss: () => ({ enabled: 'true' }),
    change: () => ({ highest: 70, colour: '#00AA00' }),
    text: () => String(records['conversion-rules']?.level),
  },
  // not opened: an opened batch cannot be deleted
  batches: {
    body: () => ({
      name: formulaName('批次'), semesterId: demo.currentSemesterId, examNodeId: ids['exam-nodes'], grade: '12', start: '2026-11-02', end: '2026-11-06',
      courses: [{ courseId: demo.peCourseId, fullMarks: 100, weight: 10, scaleId: ids.scales }],
    }),
    hit: () => ({ semesterId: demo.currentSemesterId, examNodeId: ids['exam-nodes'] as string, grade: '12' }),
    miss: () => ({ published: 'true' }),
    change: () => ({ end: '2026-11-07' }),
  },
  'score-items': {
    body: () => ({ batchId: ids.batches, courseId: demo.peCourseId, name: formulaName('小分'), fullMarks: 50, weight: 40 }),
    hit: () => ({ batchId: ids.batches as string, courseId: demo.peCourseId }),
    miss: () => ({ courseId: ids.courses as string }),
    change: () => ({ weight: 45, sort: 2 }),
  },
  // What a timetable is made of (issue 9), under /api/timetable. An evening period beside the demo's eight (none
  // overlaps it); the rest on this file's own semester, class and course.
  'lesson-periods': {
    body: () => ({ no: 16, name: `=1${T}`, start: '21:00', end: '21:45', part: 'evening' }),
    hit: () => ({ part: 'evening' }),
    miss: () => ({ part: 'morning' }),
    change: () => ({ end: '21:40' }),
  },
  'weekly-periods': {
    body: () => ({ semesterId: ids.semesters, grade: '11', courseId: ids.courses, periods: 3, roomType: 'laboratory', main: false, remark: formulaName('周课时') }),
    hit: () => ({ semesterId: ids.semesters as string, grade: '11' }),
    miss: () => ({ grade: '12' }),
    change: () => ({ periods: 4, main: true }),
    text: () => String(records['weekly-periods']?.remark),
  },
  'teaching-assignments': {
    body: () => ({ semesterId: ids.semesters, classId: ids.classes, courseId: ids.courses, teacherId: demo.teacherId, remark: formulaName('任课') }),
    hit: () => ({ classId: ids.classes as string, teacherId: demo.teacherId }),
    miss: () => ({ courseId: demo.peCourseId }),
    change: () => ({ teacherId: demo.teacher01Id }),
    text: () => String(records['teaching-assignments']?.remark),
  },
  'unavailable-periods': {
    body: () => ({ semesterId: ids.semesters, teacherId: demo.teacherId, weekday: '6', period: 8, reason: formulaName('不排课') }),
    hit: () => ({ teacherId: demo.teacherId, weekday: '6' }),
    miss: () => ({ weekday: '1' }),
    change: () => ({ period: 7 }),
    text: () => String(records['unavailable-periods']?.reason),
  },
  contests: {
    body: () => ({ name: formulaName('竞赛'), level: 'city', courseId: demo.peCourseId, startDate: '2026-10-01', endDate: '2026-10-03' }),
    hit: () => ({ level: 'city', courseId: demo.peCourseId }),
    miss: () => ({ level: 'national' }),
    change: () => ({ endDate: '2026-10-05', remark: '复赛' }),
  },
  // 作息时间 (docs/product/base-data.md#daily-schedule): a winter schedule in force a year from today, two moments
  'daily-schedules': {
    body: () => ({ name: formulaName('作息'), season: 'winter', effectiveFrom: NEXT_YEAR, remark: '测试', items: [{ kind: 'arrival', name: '到校', start: '07:30', end: '07:50', boardersOnly: false }, { kind: 'lightsOut', name: '熄灯', start: '21:50', end: '', boardersOnly: true }] }),
    hit: () => ({ season: 'winter', enabled: 'true' }),
    miss: () => ({ season: 'summer' }),
    change: () => ({ remark: '冬季', items: [{ kind: 'arrival', name: '到校', start: '07:40', end: '08:00', boardersOnly: false }] }),
  },
  // a repair type the office dispatches (no handling roles) and one the head teachers do; 30 characters at most
  'repair-types': {
    body: () => ({ name: formulaName('报修'), description: '说明', handlerRoles: ['headteacher'], closeAfterDays: 5 }),
    hit: () => ({ enabled: 'true' }),
    miss: () => ({ enabled: 'false' }),
    change: () => ({ closeAfterDays: 7, handlerRoles: [] }),
  },
  // 宿舍楼 and 宿舍房间 (docs/product/campus-life.md#dormitories): a room has no name, its remark is the text exported
  'dormitory-buildings': {
    body: () => ({ code: `DB${T}`, name: formulaName('宿舍楼'), floors: 5, remark: '新楼' }),
    hit: () => ({ enabled: 'true' }),
    miss: () => ({ enabled: 'false' }),
    change: () => ({ floors: 6, sort: 3 }),
  },
  'dormitory-rooms': {
    body: () => ({ buildingId: ids['dormitory-buildings'], code: `D${T}`, floor: 1, gender: 'M', bedsTotal: 6, bedsEffective: 5, remark: formulaName('房间') }),
    hit: () => ({ buildingId: ids['dormitory-buildings'] as string, gender: 'M' }),
    miss: () => ({ gender: 'F' }),
    change: () => ({ bedsEffective: 6, enabled: false }),
    text: () => String(records['dormitory-rooms']?.remark),
  },
  // 健康管理 (docs/product/campus-life.md#health-care): the new student's records, dated today; the text exported is each one's own
  'health-visits': {
    body: () => ({ studentId: ids.students, visitedOn: TODAY, complaint: formulaName('头痛'), diagnosis: '感冒', treatment: '休息', outcome: 'rested' }),
    hit: () => ({ studentId: ids.students as string, outcome: 'rested' }),
    miss: () => ({ outcome: 'hospital' }),
    change: () => ({ outcome: 'backToClass' }),
    text: () => String(records['health-visits']?.complaint),
  },
  'health-conditions': {
    body: () => ({ studentId: ids.students, name: formulaName('过敏'), riskLevel: 'low', diagnosedOn: TODAY, description: '花粉', careAdvice: '避开花草', active: true }),
    hit: () => ({ studentId: ids.students as string, riskLevel: 'low' }),
    miss: () => ({ riskLevel: 'high' }),
    change: () => ({ description: '花粉和尘螨' }),
  },
  'physical-exams': {
    body: () => ({ studentId: ids.students, examDate: TODAY, heightCm: 170, weightKg: 60, remark: formulaName('体检') }),
    hit: () => ({ studentId: ids.students as string }),
    miss: () => ({ rating: 'excellent' }),
    change: () => ({ weightKg: 61 }),
    text: () => String(records['physical-exams']?.remark),
  },
  'health-insurance': {
    body: () => ({ studentId: ids.students, insurer: formulaName('保险'), policyNo: `P${T}`, plan: '学平险', startDate: TODAY, endDate: NEXT_YEAR }),
    hit: () => ({ studentId: ids.students as string }),
    miss: () => ({ studentId: '00000000-0000-4000-8000-000000000000' }),
    change: () => ({ plan: '意外险' }),
    text: () => String(records['health-insurance']?.insurer),
  },
  // 学生组织 (docs/product/campus-life.md#organisations): a society advised by the demo teacher, founded today
  organisations: {
    body: () => ({ name: formulaName('社团'), kind: 'society', advisorId: demo.teacherId, description: '说明', foundedOn: TODAY }),
    hit: () => ({ kind: 'society', advisorId: demo.teacherId }),
    miss: () => ({ kind: 'parentCommittee' }),
    change: () => ({ description: '新的说明', sort: 5 }),
  },
  // 车辆 (docs/product/office.md#vehicle-booking): a minibus; its plate is the text exported
  vehicles: {
    body: () => ({ plate: formulaName('车'), seats: 14, driver: '王师傅', driverPhone: '13800000000' }),
    hit: () => ({ enabled: 'true' }),
    miss: () => ({ enabled: 'false' }),
    change: () => ({ seats: 12, remark: '已年检' }),
    text: () => String(records.vehicles?.plate),
  },
  // a school-level award, recorded directly (above-school ones come from the award-review flow: test/awards)
  awards: {
    body: () => ({ recipient: 'teacher', teacherId: demo.teacherId, kind: 'honour', title: formulaName('奖项'), level: 'school', prize: '优秀教师', awardedOn: '2026-09-10' }),
    hit: () => ({ level: 'school', recipient: 'teacher', kind: 'honour', state: 'recorded' }),
    miss: () => ({ state: 'passed' }),
    change: () => ({ prize: '十佳教师' }),
    text: () => String(records.awards?.title),
  },
};

const ORDER = Object.keys(RESOURCES);
const query = (o: Record<string, string>): string => new URLSearchParams({ size: '100', keyword: T, ...o }).toString();

beforeAll(async () => {
  token = await admin();
  demo.campusId = await idByKey(token, 'campuses', 'code', '1');
  demo.buildingId = await idByKey(token, 'buildings', 'code', 'A');
  demo.yearId = await idByKey(token, 'school-years', 'code', '2026');
  demo.currentSemesterId = await idByKey(token, 'semesters', 'code', '2026-1');
  demo.peCourseId = await idByKey(token, 'courses', 'code', 'PE');
  demo.teacherId = await userIdOf('teacher');
  demo.teacher01Id = await userIdOf('teacher01');
});

describe('the registry', () => {
  it('every declared resource has a case here (a new resource without one fails)', () => {
    expect(Object.keys(CASES).sort()).toEqual([...ORDER].sort());
  });
});

describe('each resource: create, read, list by keyword, filter, save', () => {
  it.each(ORDER)('%s', async (name) => {
    const c = CASES[name] as Case;
    const body = c.body();
    const created = await call<{ id: string }>(path(name), { token, json: body });
    expect({ status: created.status, msg: created.body.msg }).toEqual({ status: 200, msg: '新增成功' });
    const id = created.body.data?.id as string;
    ids[name] = id;

    const read = await call<Rec>(path(name, id), { token });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, ...body });

    const byKeyword = await call<{ total: number; list: Rec[] }>(`${path(name)}?${query({})}`, { token });
    expect(byKeyword.body.data?.total).toBe(1);
    expect(byKeyword.body.data?.list[0]?.id).toBe(id);
    const hit = await call<{ total: number; list: Rec[] }>(`${path(name)}?${query(c.hit())}`, { token });
    expect([hit.status, hit.body.data?.list.map((r) => r.id)]).toEqual([200, [id]]);
    const miss = await call<{ total: number; list: Rec[] }>(`${path(name)}?${query(c.miss())}`, { token });
    expect([miss.status, miss.body.data?.total]).toEqual([200, 0]);

    const saved = await call(path(name, id), { method: 'PUT', token, json: { ...read.body.data, ...c.change() } });
    expect({ status: saved.status, msg: saved.body.msg }).toEqual({ status: 200, msg: '修改成功' });
    const after = await call<Rec>(path(name, id), { token });
    expect(after.body.data).toMatchObject({ ...body, ...c.change(), id });
    records[name] = after.body.data as Rec;
  });

  it('a list is paged in the declaration\'s order (classrooms), and a page size outside the list is refused', async () => {
    const page = await call<{ total: number; list: Rec[] }>(`${path('classrooms')}?current=2&size=5`, { token });
    const all = await call<{ total: number; list: Rec[] }>(`${path('classrooms')}?size=1000`, { token });
    expect(page.body.data?.total).toBe(all.body.data?.total);
    expect(page.body.data?.list.map((r) => r.id)).toEqual(all.body.data?.list.slice(5, 10).map((r) => r.id));
    const bad = await call(`${path('classrooms')}?size=5000`, { token });
    expect([bad.status, bad.body.msg]).toEqual([400, '每页条数只能是 10、20、30、40、50、100、200、500、1000']);
  });

  it('the accounts follow the records: the student, its parent and the staff member have accounts that must change their password', async () => {
    const accounts = await withDb(async (c) =>
      (await c.query(`SELECT account, user_type, must_change_password, enabled FROM sys_user WHERE account = ANY($1) ORDER BY account`, [[STUDENT_NO, `jz${STUDENT_NO}`, `crud_${T.toLowerCase()}`]])).rows,
    );
    const byAccount = Object.fromEntries(accounts.map((a) => [a.account, [a.user_type, a.must_change_password, a.enabled]]));
    expect(byAccount).toEqual({
      [`crud_${T.toLowerCase()}`]: [expect.any(String), true, true],
      [STUDENT_NO]: [expect.any(String), true, true],
      [`jz${STUDENT_NO}`]: [expect.any(String), true, true],
    });
    // a teacher, a student and a parent account: three kinds
    expect(new Set(accounts.map((a) => a.user_type)).size).toBe(3);
  });

  it('a course saved with its credits emptied takes the column default (was a 500: NOT NULL credits)', async () => {
    const id = ids.courses as string;
    const res = await call(path('courses', id), { method: 'PUT', token, json: { ...records.courses, credits: '' } });
    expect([res.status, res.body.msg]).toEqual([200, '修改成功']);
    expect((await call<Rec>(path('courses', id), { token })).body.data?.credits).toBe(0);
    expect((await call(path('courses', id), { method: 'PUT', token, json: records.courses })).status).toBe(200);
  });
});

describe('export: the selected records, formula-looking text escaped', () => {
  it.each(ORDER)('%s', async (name) => {
    const res = await getFile(`${path(name, 'export')}?keyword=${T}`, token);
    expect(res.status).toBe(200);
    expect(res.type).toContain('spreadsheetml');
    expect(res.disposition).toMatch(/attachment; filename=.*\.xlsx/);
    const { rows, formulas } = readSheet(res.bytes);
    expect(formulas).toEqual([]);
    expect(rows).toHaveLength(2); // the header and the one record of this file
    const cells = (rows[1] as unknown[]).map(String);
    const escaped = `'${CASES[name]?.text?.() ?? String(records[name]?.name)}`;
    expect(cells).toContain(escaped);
    expect(cells.some((c) => c.startsWith('='))).toBe(false);
    if (RESOURCES[name]?.excel) {
      // the export is a filled template: its header is the template's
      const template = await getFile(path(name, 'template'), token);
      expect(template.status).toBe(200);
      expect(rows[0]).toEqual(readSheet(template.bytes).rows[0]);
    }
    // the filters apply to the export too
    const none = await getFile(`${path(name, 'export')}?${query(CASES[name]?.miss() ?? {})}`, token);
    expect(readSheet(none.bytes).rows).toHaveLength(1);
  });

  it('references are written as the referenced record\'s key, enums and flags as their labels (en)', async () => {
    const { rows } = readSheet((await getFile(`${path('classrooms', 'export')}?keyword=${T}`, token, 'en')).bytes);
    const [header, row] = rows as string[][];
    const cell = (title: string) => (row as string[])[(header as string[]).indexOf(title)];
    expect([cell('Classroom code'), cell('Building'), cell('Type'), cell('Lendable'), cell('Class seats')]).toEqual([`R${T}`, `B${T}`, 'Laboratory', 'Yes', '50']);
  });
});

describe('duplicates: 409 "…已被使用", the field named, nothing written', () => {
  const DUPLICATES: [string, string, () => Body, string, string][] = [
    ['campus code', 'campuses', () => ({ ...CASES.campuses?.body(), code: '1', name: `唯一${T}` }), '代码已被使用', 'code'],
    ['campus name', 'campuses', () => ({ ...CASES.campuses?.body(), code: `D${T}`, name: '主校区' }), '名称已被使用', 'name'],
    ['building code', 'buildings', () => ({ ...CASES.buildings?.body(), code: 'A', name: `唯一${T}` }), '代码已被使用', 'code'],
    ['building name', 'buildings', () => ({ ...CASES.buildings?.body(), code: `D${T}`, name: '明德楼' }), '名称已被使用', 'name'],
    ['classroom code', 'classrooms', () => ({ ...CASES.classrooms?.body(), code: 'A101' }), '代码已被使用', 'code'],
    ['school year code', 'school-years', () => ({ ...CASES['school-years']?.body(), code: '2026', name: `唯一${T}`, year: 3999 }), '代码已被使用', 'code'],
    ['school year year', 'school-years', () => ({ ...CASES['school-years']?.body(), code: `D${T}`, name: `唯一${T}`, year: 2025 }), '年份已被使用', 'year'],
    ['semester code', 'semesters', () => ({ ...CASES.semesters?.body(), code: '2026-1', name: `唯一${T}` }), '代码已被使用', 'code'],
    ['major code', 'majors', () => ({ ...CASES.majors?.body(), code: 'SCI', name: `唯一${T}` }), '代码已被使用', 'code'],
    ['major name', 'majors', () => ({ ...CASES.majors?.body(), code: `D${T}`, name: '理科方向' }), '名称已被使用', 'name'],
    ['course code', 'courses', () => ({ ...CASES.courses?.body(), code: 'MATH', name: `唯一${T}` }), '代码已被使用', 'code'],
    ['course name', 'courses', () => ({ ...CASES.courses?.body(), code: `D${T}`, name: '数学' }), '名称已被使用', 'name'],
    ['class number', 'classes', () => ({ ...CASES.classes?.body(), code: '202501', name: `唯一${T}` }), '班号已被使用', 'code'],
    ['class name', 'classes', () => ({ ...CASES.classes?.body(), name: '高一(1)班' }), '名称已被使用', 'name'],
    ['teaching class name in its semester', 'teaching-classes', () => ({ ...CASES['teaching-classes']?.body() }), '名称已被使用', 'name'],
    ['research group code', 'research-groups', () => ({ ...CASES['research-groups']?.body(), code: 'RGMATH', name: `唯一${T}` }), '代码已被使用', 'code'],
    ['student number', 'students', () => ({ ...CASES.students?.body(), studentNo: '202511001', idNumber: residentId('110102', '20100316', 104) }), '学号已被使用', 'studentNo'],
    ['student number naming another account', 'students', () => ({ ...CASES.students?.body(), studentNo: 'principal', idNumber: residentId('110102', '20100316', 106) }), '学号已被使用', 'studentNo'],
    ['student ID number', 'students', () => ({ ...CASES.students?.body(), studentNo: `87${digitTag()}` }), '证件号码已被使用', 'idNumber'],
    ['staff account', 'staff', () => ({ ...CASES.staff?.body(), account: 'teacher', idNumber: residentId('110102', '19850607', 203) }), '账号已被使用', 'account'],
    ['staff ID number', 'staff', () => ({ ...CASES.staff?.body(), account: `dup_${T.toLowerCase()}` }), '证件号码已被使用', 'idNumber'],
    ['enrollment batch name', 'enrollment-batches', () => ({ ...CASES['enrollment-batches']?.body() }), '名称已被使用', 'name'],
    ['exam node code', 'exam-nodes', () => ({ ...CASES['exam-nodes']?.body(), name: `唯一${T}` }), '代码已被使用', 'code'],
    ['exam node name', 'exam-nodes', () => ({ ...CASES['exam-nodes']?.body(), code: `D${T}` }), '名称已被使用', 'name'],
    ['scale name', 'scales', () => ({ ...CASES.scales?.body() }), '名称已被使用', 'name'],
    ['conversion level in its school year', 'conversion-rules', () => ({ ...CASES['conversion-rules']?.body(), lowest: 0, highest: 10, conversionScore: 5 }), '该学年已有此等级', 'level'],
    ['batch name in its semester (another grade)', 'batches', () => ({ ...CASES.batches?.body(), grade: '11' }), '名称已被使用', 'name'],
    ['score item name in its paper', 'score-items', () => ({ ...CASES['score-items']?.body(), weight: 0, fullMarks: 1 }), '名称已被使用', 'name'],
  ];

  it.each(DUPLICATES)('%s', async (_rule, name, body, msg, field) => {
    const table = tableOf(name);
    const before = [await countRows(table), await countRows('sys_user')];
    const res = await call<{ field: string }>(path(name), { token, json: body() });
    expect({ status: res.status, code: res.body.code, msg: res.body.msg, field: res.body.data?.field }).toEqual({ status: 409, code: 409, msg, field });
    expect([await countRows(table), await countRows('sys_user')]).toEqual(before);
  });

  it('a save onto another record\'s code is refused too, and the record stays as it was (en)', async () => {
    const res = await call(path('buildings', ids.buildings as string), { method: 'PUT', token, lang: 'en', json: { ...records.buildings, code: 'A' } });
    expect([res.status, res.body.msg]).toEqual([409, 'The code has been used']);
    expect((await call<Rec>(path('buildings', ids.buildings as string), { token })).body.data).toEqual(records.buildings);
  });
});

describe('a new student through an enrollment batch', () => {
  it('is numbered {YYYY}{XB}{XQ}{LSH} from the batch, takes its campus, and the class counts it', async () => {
    const res = await call<{ id: string }>(path('students'), {
      token,
      json: { name: `批次新生${T}`, gender: 'M', idNumber: residentId('110102', '20110101', 111), classId: ids.classes, enrollmentYear: BATCH_YEAR, enrollmentBatchId: ids['enrollment-batches'] },
    });
    expect([res.status, res.body.msg]).toEqual([200, '新增成功']);
    ids.batchStudent = res.body.data?.id as string;
    const student = (await call<Rec>(path('students', ids.batchStudent), { token })).body.data;
    expect(student).toMatchObject({ studentNo: `${BATCH_YEAR}1C${T}001`, campusId: ids.campuses, enrollmentBatchId: ids['enrollment-batches'] });
    // a student without a number and without a batch is refused
    const none = await call<{ field: string }>(path('students'), { token, json: { name: '无学号', gender: 'M', idNumber: residentId('110102', '20110101', 113), classId: ids.classes, enrollmentYear: 2027 } });
    expect([none.status, none.body.msg, none.body.data?.field]).toEqual([400, '请输入学号，或选择招生批次自动生成', 'studentNo']);
  });

  it('a class counts its students: headcount, boys, girls (read only: a save cannot set them)', async () => {
    const cls = (await call<Rec>(path('classes', ids.classes as string), { token })).body.data;
    expect([cls?.headcount, cls?.boys, cls?.girls]).toEqual([2, 1, 1]);
    const listed = (await call<{ list: Rec[] }>(`${path('classes')}?${query({})}`, { token })).body.data?.list[0];
    expect([listed?.headcount, listed?.boys, listed?.girls]).toEqual([2, 1, 1]);
    expect((await call(path('classes', ids.classes as string), { method: 'PUT', token, json: { ...cls, headcount: 99, boys: 50, girls: 49 } })).status).toBe(200);
    const again = (await call<Rec>(path('classes', ids.classes as string), { token })).body.data;
    expect([again?.headcount, again?.boys, again?.girls]).toEqual([2, 1, 1]);
  });
});

describe('teaching classes: students attached and detached', () => {
  const tcPath = (tail = '') => path('teaching-classes', `${ids['teaching-classes']}/students${tail}`);
  const linked = async () => ((await call<Rec>(path('teaching-classes', ids['teaching-classes'] as string), { token })).body.data?.studentIds as string[] | undefined)?.slice().sort();

  it('attaches two students (again: no duplicate), detaches one', async () => {
    const two = [ids.students as string, ids.batchStudent as string];
    const attach = await call(tcPath(), { token, json: { studentIds: two } });
    expect([attach.status, attach.body.msg]).toEqual([200, '已加入']);
    expect(await linked()).toEqual([...two].sort());
    expect((await call(tcPath(), { token, json: { studentIds: [ids.students] } })).status).toBe(200);
    expect(await countRows('teaching_class_student', 'teaching_class_id = $1', [ids['teaching-classes']])).toBe(2);
    const detach = await call(tcPath(`/${ids.batchStudent}`), { method: 'DELETE', token });
    expect([detach.status, detach.body.msg]).toEqual([200, '已移出']);
    expect(await linked()).toEqual([ids.students]);
  });

  it('refuses an empty list, a student that does not exist, and an unknown teaching class; nothing changes', async () => {
    const empty = await call<{ field: string }>(tcPath(), { token, json: { studentIds: [] } });
    expect([empty.status, empty.body.msg]).toEqual([400, '请选择学生']);
    const ghost = await call<{ field: string }>(tcPath(), { token, json: { studentIds: [ids.batchStudent, '00000000-0000-4000-8000-000000000000'] } });
    expect([ghost.status, ghost.body.msg, ghost.body.data?.field]).toEqual([400, '请选择学生', 'studentIds']);
    const before = await countRows('teaching_class');
    const createdWithGhost = await call<{ field: string }>(path('teaching-classes'), {
      token,
      json: { ...CASES['teaching-classes']?.body(), name: `幽灵${T}`, studentIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect([createdWithGhost.status, createdWithGhost.body.msg, createdWithGhost.body.data?.field]).toEqual([400, '请选择学生', 'studentIds']);
    expect(await countRows('teaching_class')).toBe(before);
    const unknown = await call(path('teaching-classes', '00000000-0000-4000-8000-000000000000/students'), { token, json: { studentIds: [ids.students] } });
    expect([unknown.status, unknown.body.msg]).toEqual([404, '记录不存在或已被删除']);
    expect(await linked()).toEqual([ids.students]);
  });
});

describe('a record in use: 409 with the spec message, nothing deleted, the refusal logged', () => {
  // The campus is used three ways (buildings, a batch, the batch's student): any of its declared keys may be the one met first.
  const IN_USE: [string, string, () => string, string, string | string[] | null][] = [
    ['a campus with buildings', 'campuses', () => ids.campuses as string, '该校区已被使用，不能删除', Object.keys(RESOURCES.campuses?.inUse ?? {})],
    ['a building with classrooms', 'buildings', () => ids.buildings as string, '该教学楼已被使用，不能删除', 'classroom_building_id_fkey'],
    ['a classroom used by a class', 'classrooms', () => ids.classrooms as string, '该教室已被使用，不能删除', 'admin_class_classroom_id_fkey'],
    ['a school year with semesters', 'school-years', () => ids['school-years'] as string, '该学年已被使用，不能删除', 'semester_school_year_id_fkey'],
    // its teaching class, teaching assignment and weekly periods (the timetable's resources) all use it: any may be met first
    ['a course with teaching classes', 'courses', () => ids.courses as string, '该课程已被使用，不能删除', Object.keys(RESOURCES.courses?.inUse ?? {})],
    ['the current semester', 'semesters', () => demo.currentSemesterId, '当前学期不能删除', null],
    // the first declared key that holds it names the refusal: its teaching class's (it has a teaching assignment, weekly
    // periods and an unavailability too)
    ['a semester with teaching classes', 'semesters', () => ids.semesters as string, '该学期已有教学班，不能删除', 'teaching_class_semester_id_fkey'],
    ['a major used by a class', 'majors', () => ids.majors as string, '该专业已被使用，不能删除', 'admin_class_major_id_fkey'],
    ['a class with students', 'classes', () => ids.classes as string, '该班级已被使用，不能删除', 'student_class_id_fkey'],
    ['a batch with students', 'enrollment-batches', () => ids['enrollment-batches'] as string, '该招生批次已有学生，不能删除', 'student_enrollment_batch_id_fkey'],
    ['an exam node used by a batch', 'exam-nodes', () => ids['exam-nodes'] as string, '该考试节点已被批次使用，不能删除', 'grade_batch_exam_node_id_fkey'],
    ['a scale used by a batch\'s course', 'scales', () => ids.scales as string, '该评分体系已被批次使用，不能删除', 'grade_batch_course_scale_id_fkey'],
    ['a grade batch with score items', 'batches', () => ids.batches as string, '该批次已有小分设置，请先删除小分设置', 'grade_score_item_batch_id_fkey'],
  ];

  it.each(IN_USE)('%s', async (_rule, name, idOf, msg, constraint) => {
    const id = idOf();
    const res = await call(path(name, id), { method: 'DELETE', token });
    expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status: 409, code: 409, msg });
    expect(await countRows(tableOf(name), 'id = $1', [id])).toBe(1);
    if (constraint) {
      const log = await withDb(async (c) => (await c.query(`SELECT result, detail FROM sys_operation_log WHERE action = $1 AND detail->>'id' = $2 ORDER BY id DESC LIMIT 1`, [`resource.${name}.delete`, id])).rows[0]);
      expect(log).toEqual({ result: 'failure', detail: { id, reason: 'in_use', constraint: expect.any(String) } });
      expect(Array.isArray(constraint) ? constraint : [constraint]).toContain(log.detail.constraint);
    }
  });

  it('in English too', async () => {
    const res = await call(path('classes', ids.classes as string), { method: 'DELETE', token, lang: 'en' });
    expect([res.status, res.body.msg]).toEqual([409, 'This class is in use and cannot be deleted']);
    const current = await call(path('semesters', demo.currentSemesterId), { method: 'DELETE', token, lang: 'en' });
    expect([current.status, current.body.msg]).toEqual([409, 'The current semester cannot be deleted']);
  });

  // PostgreSQL fires a delete's referential triggers in the order of their names, which carry each trigger's OID as
  // text: a database built across a power of ten of the OID counter met another of the semester's keys first. Here
  // the semester's five declared keys are made again, the same keys with new OIDs, the timetable's first, so that
  // PostgreSQL meets one of those (asserted); the file's own database only, which no other file uses meanwhile
  // (docs/adr/0030).
  it('a record held by keys of two messages: the declaration\'s first holding key names the refusal, whatever key PostgreSQL meets first', async () => {
    const id = ids.semesters as string;
    const declared = Object.keys(RESOURCES.semesters?.inUse ?? {});
    const timetableFirst = [...declared.filter((k) => !k.startsWith('teaching_')), ...declared.filter((k) => k.startsWith('teaching_'))];
    const met = await withDb(async (c) => {
      for (const name of timetableFirst) {
        const [key] = (await c.query(`SELECT conrelid::regclass::text AS source, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = $1`, [name])).rows as { source: string; def: string }[];
        if (!key) throw new Error(`no key ${name}`);
        await c.query(`ALTER TABLE ${key.source} DROP CONSTRAINT ${name}, ADD CONSTRAINT ${name} ${key.def}`);
      }
      await c.query('BEGIN');
      try {
        await c.query('DELETE FROM semester WHERE id = $1', [id]);
        return null;
      } catch (err) {
        return (err as { constraint?: string }).constraint ?? null;
      } finally {
        await c.query('ROLLBACK');
      }
    });
    expect(Object.entries(RESOURCES.semesters?.inUse ?? {}).find(([key]) => key === met)?.[1]).toBe('resource.messages.semesterInUse');
    const res = await call(path('semesters', id), { method: 'DELETE', token });
    expect([res.status, res.body.msg]).toEqual([409, '该学期已有教学班，不能删除']);
    expect(await countRows('semester', 'id = $1', [id])).toBe(1);
  });
});

describe('delete: each record removed, then no longer read', () => {
  it('deleting a student counts it out of its class and disables its accounts', async () => {
    const res = await call(path('students', ids.batchStudent as string), { method: 'DELETE', token });
    expect([res.status, res.body.msg]).toEqual([200, '删除成功']);
    const cls = (await call<Rec>(path('classes', ids.classes as string), { token })).body.data;
    expect([cls?.headcount, cls?.boys, cls?.girls]).toEqual([1, 0, 1]);
    const accounts = await withDb(async (c) => (await c.query(`SELECT enabled FROM sys_user WHERE account = $1`, [`${BATCH_YEAR}1C${T}001`])).rows);
    expect(accounts).toEqual([{ enabled: false }]);
  });

  it('(before the deletes) the staff member signs in with the initial password and changes it: a live session', async () => {
    const account = `crud_${T.toLowerCase()}`;
    const first = await call<{ token: string; mustChangePassword?: boolean }>('/api/login/v3', { form: { username: account, password: STAFF_ID.slice(-6).toUpperCase() } });
    expect(first.body.data?.mustChangePassword).toBe(true);
    staffToken = first.body.data?.token as string;
    const form = {
      username: account,
      newPassword: utf8ToBase64('N3w-Passw0rd!'),
      oldPassword: await legacyPasswordDigest('schoolflow:', account, STAFF_ID.slice(-6).toUpperCase()),
      sign: await legacyPasswordDigest('schoolflow:', account, 'N3w-Passw0rd!'),
    };
    expect((await call('/api/login/updatePwd', { token: staffToken, form })).body.result).toBe(true);
    expect((await call('/ms/getPermission', { token: staffToken })).body.code).toBe(200);
  });

  // the dependents first: score items, their batch, what it uses; students, then what they use, down to the campus
  const DELETE_ORDER = ['vehicles', 'organisations', 'health-visits', 'health-conditions', 'physical-exams', 'health-insurance', 'dormitory-rooms', 'dormitory-buildings', 'repair-types', 'awards', 'contests', 'score-items', 'batches', 'conversion-rules', 'scales', 'exam-nodes', 'unavailable-periods', 'teaching-assignments', 'weekly-periods', 'lesson-periods', 'daily-schedules', 'students', 'enrollment-batches', 'staff', 'research-groups', 'teaching-classes', 'classes', 'courses', 'majors', 'semesters', 'school-years', 'classrooms', 'buildings', 'campuses'];

  it('covers every resource', () => {
    expect([...DELETE_ORDER].sort()).toEqual([...ORDER].sort());
  });

  it.each(DELETE_ORDER)('%s', async (name) => {
    const id = ids[name] as string;
    const res = await call(path(name, id), { method: 'DELETE', token });
    expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: '删除成功' });
    const read = await call(path(name, id), { token });
    expect([read.status, read.body.msg]).toEqual([404, '记录不存在或已被删除']);
    expect(await countRows(tableOf(name), 'id = $1', [id])).toBe(0);
    const again = await call(path(name, id), { method: 'DELETE', token });
    expect(again.status).toBe(404);
  });

  it('deleting the staff record ended the staff member\'s sessions: refused, and revoked as an administrator\'s doing', async () => {
    const res = await call('/ms/getPermission', { token: staffToken });
    expect([res.status, res.body.code]).toEqual([401, 50008]);
    const sessions = await withDb(async (c) =>
      (await c.query(`SELECT s.revoked_at IS NOT NULL AS revoked, s.revoke_reason FROM sys_session s JOIN sys_user u ON u.id = s.user_id WHERE u.account = $1`, [`crud_${T.toLowerCase()}`])).rows,
    );
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions).toEqual(sessions.map(() => ({ revoked: true, revoke_reason: 'admin' })));
  });

  it('the staff member\'s and the student\'s accounts stay, disabled (their history is kept)', async () => {
    const rows = await withDb(async (c) => (await c.query(`SELECT account, enabled FROM sys_user WHERE account = ANY($1) ORDER BY account`, [[STUDENT_NO, `jz${STUDENT_NO}`, `crud_${T.toLowerCase()}`]])).rows);
    expect(Object.fromEntries(rows.map((r) => [r.account, r.enabled]))).toEqual({ [`crud_${T.toLowerCase()}`]: false, [STUDENT_NO]: false, [`jz${STUDENT_NO}`]: false });
  });
});
