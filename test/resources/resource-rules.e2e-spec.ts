import { beforeAll, describe, expect, it } from '@jest/globals';
import { call } from '../support/api.js';
import { admin } from '../support/admin.js';
import { countRows, digitTag, idByKey, path, residentId, runTag, tableOf, userIdOf, withWrongCheck } from './resource-support.js';

/**
 * The field rules of the base data (docs/product/base-data.md), each with its exact message, in Chinese and (for
 * some) English: a body breaking one rule is refused with 400, the message, `data.field` naming the field, and nothing
 * is written. The same bodies with the value just inside the rule are accepted, so each refusal is the rule's and not
 * the base body's.
 */
type Body = Record<string, unknown>;
interface Ctx {
  tag: string;
  campusId: string;
  buildingId: string;
  schoolYearId: string;
  teacherId: string;
}

const ctx = {} as Ctx;
let token: string;

const STAFF_ID = residentId('110101', '19800101', 123);

/** A valid body per resource (unique values from the file's tag). */
const base: Record<string, (c: Ctx) => Body> = {
  buildings: (c) => ({ code: `RB${c.tag}`, name: `规则楼${c.tag}`, campusId: c.campusId, floors: 5 }),
  classrooms: (c) => ({ code: `RC${c.tag}`, name: `规则教室${c.tag}`, buildingId: c.buildingId, seats: 40 }),
  'school-years': (c) => ({ code: `RY${c.tag}`, name: `规则学年${c.tag}`, year: 3000 + (parseInt(c.tag.slice(0, 3), 16) % 5000) }),
  semesters: (c) => ({
    code: `RS${c.tag}`, name: `规则学期${c.tag}`, schoolYearId: c.schoolYearId,
    workStart: '2030-09-01', workEnd: '2031-01-20', teachingStart: '2030-09-01', teachingEnd: '2031-01-15', workWeeks: 20, teachingWeeks: 18,
  }),
  courses: (c) => ({ code: `RK${c.tag}`, name: `规则课${c.tag}` }),
  majors: (c) => ({ code: `RM${c.tag}`, name: `规则专业${c.tag}` }),
  classes: (c) => ({ name: `规则班${c.tag}`, code: digitTag(), grade: '10', enrollmentYear: 2025, headTeacherId: c.teacherId }),
  staff: (c) => ({
    account: `rules_${c.tag.toLowerCase()}`, name: '规则老师', gender: 'M', idNumber: STAFF_ID, phone: '13800001111',
    birthDate: '1980-01-01', workStart: '2003-09-01', arrivalDate: '2005-09-01',
  }),
};

interface Rule {
  rule: string;
  resource: string;
  change: Body;
  /** Fields to leave out of the base body (a required field missing). */
  omit?: string[];
  lang?: 'zh' | 'en';
  msg: string;
  field: string;
}

const RULES: Rule[] = [
  // 教学楼: code letters/digits ≤ 30, floors 1–9, sort below 999
  { rule: 'building code with a hyphen', resource: 'buildings', change: { code: 'A-1' }, msg: '教学楼代码只能包含字母和数字', field: 'code' },
  { rule: 'building code with a Chinese character (en)', resource: 'buildings', change: { code: 'A楼' }, lang: 'en', msg: 'Building code may hold letters and digits only', field: 'code' },
  { rule: 'building code of 31 characters', resource: 'buildings', change: { code: 'B'.repeat(31) }, msg: '教学楼代码不能超过30个字符', field: 'code' },
  { rule: 'building floors 0', resource: 'buildings', change: { floors: 0 }, msg: '楼层数须为 1 到 9 的整数', field: 'floors' },
  { rule: 'building floors 10', resource: 'buildings', change: { floors: 10 }, msg: '楼层数须为 1 到 9 的整数', field: 'floors' },
  { rule: 'building floors 10 (en)', resource: 'buildings', change: { floors: 10 }, lang: 'en', msg: 'Floors must be a whole number from 1 to 9', field: 'floors' },
  { rule: 'building floors 2.5', resource: 'buildings', change: { floors: 2.5 }, msg: '楼层数须为 1 到 9 的整数', field: 'floors' },
  { rule: 'building sort 999', resource: 'buildings', change: { sort: 999 }, msg: '排序须为 0 到 998 的整数', field: 'sort' },
  { rule: 'building without a name', resource: 'buildings', change: {}, omit: ['name'], msg: '请输入教学楼名称', field: 'name' },
  { rule: 'building without a name (en)', resource: 'buildings', change: { name: '   ' }, lang: 'en', msg: 'Please enter Building name', field: 'name' },
  { rule: 'building without floors', resource: 'buildings', change: {}, omit: ['floors'], msg: '请输入楼层数', field: 'floors' },
  { rule: 'building without a campus', resource: 'buildings', change: {}, omit: ['campusId'], msg: '请选择所属校区', field: 'campusId' },
  // 教室: seats below 100, sort below 100
  { rule: 'classroom seats 100', resource: 'classrooms', change: { seats: 100 }, msg: '上课座位数须为 0 到 99 的整数', field: 'seats' },
  { rule: 'classroom exam seats 100', resource: 'classrooms', change: { examSeats: 100 }, msg: '考试座位数须为 0 到 99 的整数', field: 'examSeats' },
  { rule: 'classroom sort 100', resource: 'classrooms', change: { sort: 100 }, msg: '排序须为 0 到 99 的整数', field: 'sort' },
  { rule: 'classroom sort 100 (en)', resource: 'classrooms', change: { sort: 100 }, lang: 'en', msg: 'Sort must be a whole number from 0 to 99', field: 'sort' },
  // 学年: a year above 2000 and below 9999
  { rule: 'school year 2000', resource: 'school-years', change: { year: 2000 }, msg: '年份须为 2001 到 9998 的整数', field: 'year' },
  { rule: 'school year 9999', resource: 'school-years', change: { year: 9999 }, msg: '年份须为 2001 到 9998 的整数', field: 'year' },
  { rule: 'school year 9999 (en)', resource: 'school-years', change: { year: 9999 }, lang: 'en', msg: 'Year must be a whole number from 2001 to 9998', field: 'year' },
  // 学期: weeks up to 999, the end not before the start
  { rule: 'semester work weeks 1000', resource: 'semesters', change: { workWeeks: 1000 }, msg: '工作周数须为 0 到 999 的整数', field: 'workWeeks' },
  { rule: 'semester teaching weeks 1000', resource: 'semesters', change: { teachingWeeks: 1000 }, msg: '教学周数须为 0 到 999 的整数', field: 'teachingWeeks' },
  { rule: 'semester work end before its start', resource: 'semesters', change: { workEnd: '2030-08-31' }, msg: '工作结束日期不能早于工作开始日期', field: 'workEnd' },
  { rule: 'semester work end before its start (en)', resource: 'semesters', change: { workEnd: '2030-08-31' }, lang: 'en', msg: 'The work end cannot be before the work start', field: 'workEnd' },
  { rule: 'semester teaching end before its start', resource: 'semesters', change: { teachingEnd: '2030-08-01' }, msg: '教学结束日期不能早于教学开始日期', field: 'teachingEnd' },
  { rule: 'semester work start not a date', resource: 'semesters', change: { workStart: '2030-02-30' }, msg: '工作开始日期格式不正确，请使用 YYYY-MM-DD', field: 'workStart' },
  // 课程: code letters and digits, sort 0–9999, description within 300
  { rule: 'course code with a hyphen', resource: 'courses', change: { code: 'MATH-1' }, msg: '课程代码只能包含字母和数字', field: 'code' },
  { rule: 'course sort 10000', resource: 'courses', change: { sort: 10000 }, msg: '排序须为 0 到 9999 的整数', field: 'sort' },
  { rule: 'course description of 301 characters', resource: 'courses', change: { description: '述'.repeat(301) }, msg: '课程描述不能超过300个字符', field: 'description' },
  { rule: 'course description of 301 characters (en)', resource: 'courses', change: { description: 'd'.repeat(301) }, lang: 'en', msg: 'Description must be at most 300 characters', field: 'description' },
  { rule: 'course without a code', resource: 'courses', change: {}, omit: ['code'], msg: '请输入课程代码', field: 'code' },
  // 专业: sort 0–999
  { rule: 'major sort 1000', resource: 'majors', change: { sort: 1000 }, msg: '排序须为 0 到 999 的整数', field: 'sort' },
  // 行政班: number digits ≤ 30; short name ≤ 10, no illegal characters, not only digits; sort two digits
  { rule: 'class number with letters', resource: 'classes', change: { code: '2025A1' }, msg: '班号只能是数字，最多30位', field: 'code' },
  { rule: 'class number of 31 digits', resource: 'classes', change: { code: '1'.repeat(31) }, msg: '班号只能是数字，最多30位', field: 'code' },
  { rule: 'class short name of 11 characters', resource: 'classes', change: { shortName: '高一一班一二三四五六' + '七' }, msg: '简称不能超过10个字符', field: 'shortName' },
  { rule: 'class short name only digits', resource: 'classes', change: { shortName: '202501' }, msg: '简称不能是纯数字', field: 'shortName' },
  { rule: 'class short name only digits (en)', resource: 'classes', change: { shortName: '202501' }, lang: 'en', msg: 'The short name cannot be only digits', field: 'shortName' },
  { rule: 'class short name with "<"', resource: 'classes', change: { shortName: '高一<1>班' }, msg: '简称不能包含非法字符', field: 'shortName' },
  { rule: 'class short name with "<" (en)', resource: 'classes', change: { shortName: '<b>' }, lang: 'en', msg: 'The short name contains illegal characters', field: 'shortName' },
  { rule: 'class sort 100', resource: 'classes', change: { sort: 100 }, msg: '排序须为 0 到 99 的整数', field: 'sort' },
  { rule: 'class without a head teacher', resource: 'classes', change: {}, omit: ['headTeacherId'], msg: '请选择班主任', field: 'headTeacherId' },
  // 教职工: a valid ID, mobile, e-mail, postal code; short number 3–8 digits; dates in order
  { rule: 'staff ID with a wrong check character', resource: 'staff', change: { idNumber: withWrongCheck(STAFF_ID) }, msg: '身份证号码不正确', field: 'idNumber' },
  { rule: 'staff ID with a wrong check character (en)', resource: 'staff', change: { idNumber: withWrongCheck(STAFF_ID) }, lang: 'en', msg: 'The ID number is not valid', field: 'idNumber' },
  { rule: 'staff ID with an impossible birth date', resource: 'staff', change: { idNumber: residentId('110101', '19800230', 123) }, msg: '身份证号码不正确', field: 'idNumber' },
  { rule: 'staff mobile of 10 digits', resource: 'staff', change: { phone: '1380000111' }, msg: '手机号码格式不正确', field: 'phone' },
  { rule: 'staff mobile starting 12', resource: 'staff', change: { phone: '12800001111' }, msg: '手机号码格式不正确', field: 'phone' },
  { rule: 'staff mobile (en)', resource: 'staff', change: { phone: '1380000111' }, lang: 'en', msg: 'The mobile number is not valid', field: 'phone' },
  { rule: 'staff e-mail without a domain', resource: 'staff', change: { email: 'teacher@school' }, msg: '邮箱格式不正确', field: 'email' },
  { rule: 'staff postal code of 5 digits', resource: 'staff', change: { postalCode: '20012' }, msg: '邮政编码格式不正确', field: 'postalCode' },
  { rule: 'staff short number of 2 digits', resource: 'staff', change: { shortNumber: '61' }, msg: '短号须为3到8位数字', field: 'shortNumber' },
  { rule: 'staff short number of 2 digits (en)', resource: 'staff', change: { shortNumber: '61' }, lang: 'en', msg: 'The short number must be 3 to 8 digits', field: 'shortNumber' },
  // 9 digits passes the length check of the column first (at most 8 characters): that message names the limit
  { rule: 'staff short number of 9 digits', resource: 'staff', change: { shortNumber: '123456789' }, msg: '短号须为3到8位数字', field: 'shortNumber' },
  { rule: 'staff work start before birth', resource: 'staff', change: { workStart: '1979-12-31' }, msg: '参加工作时间不能早于出生日期', field: 'workStart' },
  { rule: 'staff work start before birth (en)', resource: 'staff', change: { workStart: '1979-12-31' }, lang: 'en', msg: 'The work start cannot be before the birth date', field: 'workStart' },
  { rule: 'staff arrival before work start', resource: 'staff', change: { arrivalDate: '2003-08-31' }, msg: '到校时间不能早于参加工作时间', field: 'arrivalDate' },
  { rule: 'staff without an ID number', resource: 'staff', change: {}, omit: ['idNumber'], msg: '请输入身份证号码', field: 'idNumber' },
  { rule: 'staff without a mobile (en)', resource: 'staff', change: {}, omit: ['phone'], lang: 'en', msg: 'Please enter Mobile', field: 'phone' },
];

/** Values just inside each rule: accepted (and then removed), so the refusals above are the rules' own. */
const INSIDE: { rule: string; resource: string; change: Body }[] = [
  { rule: 'building floors 1, sort 998, a 30-character code', resource: 'buildings', change: { floors: 1, sort: 998 } },
  { rule: 'building floors 9', resource: 'buildings', change: { floors: 9 } },
  { rule: 'classroom seats 99, sort 99', resource: 'classrooms', change: { seats: 99, examSeats: 99, sort: 99 } },
  { rule: 'school year 2001', resource: 'school-years', change: { year: 2001 } },
  { rule: 'school year 9998', resource: 'school-years', change: { year: 9998 } },
  { rule: 'semester weeks 999, end on its start day', resource: 'semesters', change: { workWeeks: 999, teachingWeeks: 999, workEnd: '2030-09-01', teachingEnd: '2030-09-01' } },
  { rule: 'course sort 9999, description of 300', resource: 'courses', change: { sort: 9999, description: '述'.repeat(300) } },
  { rule: 'major sort 999', resource: 'majors', change: { sort: 999 } },
  { rule: 'class number of 30 digits, short name of 10 with (), sort 99', resource: 'classes', change: { code: '9'.repeat(21) + digitTag(), shortName: '高一(一)班 一二三'.slice(0, 10), sort: 99 } },
  { rule: 'staff short number 3 digits, work start on the birthday, arrival on the work start', resource: 'staff', change: { shortNumber: '610', workStart: '1980-01-01', arrivalDate: '1980-01-01', email: 'a.b@school.example', postalCode: '200120' } },
  { rule: 'staff short number 8 digits', resource: 'staff', change: { shortNumber: '12345678' } },
];

beforeAll(async () => {
  token = await admin();
  ctx.tag = runTag();
  ctx.campusId = await idByKey(token, 'campuses', 'code', '1');
  ctx.buildingId = await idByKey(token, 'buildings', 'code', 'A');
  ctx.schoolYearId = await idByKey(token, 'school-years', 'code', '2026');
  ctx.teacherId = await userIdOf('teacher');
});

function bodyOf(r: { resource: string; change: Body; omit?: string[] }, tag = ctx.tag): Body {
  const b: Body = { ...(base[r.resource] as (c: Ctx) => Body)({ ...ctx, tag }), ...r.change };
  for (const f of r.omit ?? []) delete b[f];
  return b;
}

/** The rows a create of this resource writes (the staff's account too). */
async function written(resource: string): Promise<number> {
  const own = await countRows(tableOf(resource));
  return resource === 'staff' ? own + (await countRows('sys_user')) : own;
}

describe('field rules: refused with the exact message, the field, and nothing written', () => {
  it.each(RULES.map((r) => [r.rule, r] as const))('%s', async (_name, r) => {
    const before = await written(r.resource);
    const res = await call<{ field: string }>(path(r.resource), { token, json: bodyOf(r), lang: r.lang ?? 'zh' });
    expect({ status: res.status, code: res.body.code, result: res.body.result, msg: res.body.msg, field: res.body.data?.field }).toEqual({
      status: 400,
      code: 400,
      result: false,
      msg: r.msg,
      field: r.field,
    });
    expect(await written(r.resource)).toBe(before);
  });
});

describe('field rules: values just inside each rule are accepted', () => {
  it.each(INSIDE.map((r, i) => [r.rule, r, i] as const))('%s', async (_name, r, i) => {
    const tag = `${ctx.tag}I${i}`;
    const body = bodyOf(r, tag);
    if (r.resource === 'staff') body.idNumber = residentId('110101', '19800101', 200 + i);
    if (r.rule.startsWith('building floors 1')) body.code = `${tag}${'Z'.repeat(30)}`.slice(0, 30);
    const res = await call<{ id: string }>(path(r.resource), { token, json: body });
    expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 200, msg: '新增成功' });
    const id = res.body.data?.id as string;
    const read = await call<Body>(path(r.resource, id), { token });
    for (const [k, v] of Object.entries(r.change)) expect([k, read.body.data?.[k]]).toEqual([k, v]);
    expect((await call(path(r.resource, id), { method: 'DELETE', token })).status).toBe(200);
  });
});

describe('field rules hold on save (PUT) too', () => {
  it('a building saved with 10 floors or an illegal code is refused and stays as it was', async () => {
    const created = await call<{ id: string }>(path('buildings'), { token, json: bodyOf({ resource: 'buildings', change: {} }, `${ctx.tag}P`) });
    expect(created.status).toBe(200);
    const id = created.body.data?.id as string;
    const before = (await call<Body>(path('buildings', id), { token })).body.data;
    const floors = await call<{ field: string }>(path('buildings', id), { method: 'PUT', token, json: { ...before, floors: 10 } });
    expect([floors.status, floors.body.msg, floors.body.data?.field]).toEqual([400, '楼层数须为 1 到 9 的整数', 'floors']);
    const code = await call<{ field: string }>(path('buildings', id), { method: 'PUT', token, lang: 'en', json: { ...before, code: 'A 1' } });
    expect([code.status, code.body.msg, code.body.data?.field]).toEqual([400, 'Building code may hold letters and digits only', 'code']);
    expect((await call<Body>(path('buildings', id), { token })).body.data).toEqual(before);
    expect((await call(path('buildings', id), { method: 'DELETE', token })).status).toBe(200);
  });

  it('a staff record saved with its arrival before its work start is refused and stays as it was', async () => {
    const body = bodyOf({ resource: 'staff', change: {} }, `${ctx.tag}p`);
    body.idNumber = residentId('110101', '19810202', 321);
    const created = await call<{ id: string }>(path('staff'), { token, json: body });
    expect(created.status).toBe(200);
    const id = created.body.data?.id as string;
    const before = (await call<Body>(path('staff', id), { token })).body.data as Body;
    const res = await call<{ field: string }>(path('staff', id), { method: 'PUT', token, json: { ...before, arrivalDate: '2000-01-01' } });
    expect([res.status, res.body.msg, res.body.data?.field]).toEqual([400, '到校时间不能早于参加工作时间', 'arrivalDate']);
    expect((await call<Body>(path('staff', id), { token })).body.data).toEqual(before);
    expect((await call(path('staff', id), { method: 'DELETE', token })).status).toBe(200);
  });
});
