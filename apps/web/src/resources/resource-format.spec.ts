import { beforeAll, describe, expect, it } from '@jest/globals';
import { bodySchema, LANGUAGES, RESOURCES, type ResourceDef } from '@schoolflow/contracts';
import { i18n, loadMessages } from '../i18n/i18n.js';
import {
  cellText,
  defaultValue,
  enumLabel,
  formDraft,
  importOutcome,
  issueText,
  keywordPlaceholder,
  listQuery,
  queryString,
  refValuesOf,
  serverField,
} from './resource-format.js';

const def = (name: string): ResourceDef => {
  const d = RESOURCES[name];
  if (!d) throw new Error(`no resource ${name}`);
  return d;
};
const labels = new Map([['campuses:c1', '主校区'], ['roles:teacher', '教师'], ['roles:headteacher', '班主任']]);
const labelOf = (source: string, value: string) => labels.get(`${source}:${value}`);

beforeAll(async () => {
  await loadMessages(LANGUAGES); // as a session does (session-store.ts)
  await i18n.changeLanguage('zh');
});

describe('cellText', () => {
  it('shows enums, bools, refs and refs lists by their labels', () => {
    expect(cellText(def('students'), 'gender', 'F', labelOf)).toBe('女');
    expect(cellText(def('classes'), 'grade', '10', labelOf)).toBe('高一');
    expect(cellText(def('students'), 'status', 'enrolled', labelOf)).toBe('在读'); // computed: no enumName
    expect(cellText(def('buildings'), 'enabled', true, labelOf)).toBe('是');
    expect(cellText(def('buildings'), 'enabled', false, labelOf)).toBe('否');
    expect(cellText(def('buildings'), 'campusId', 'c1', labelOf)).toBe('主校区');
    expect(cellText(def('buildings'), 'campusId', 'unknown', labelOf)).toBe('');
    expect(cellText(def('staff'), 'roles', ['teacher', 'headteacher'], labelOf)).toBe('教师、班主任');
  });

  it('shows the rest as given, and nothing for no value', () => {
    expect(cellText(def('buildings'), 'floors', 5, labelOf)).toBe('5');
    expect(cellText(def('semesters'), 'workStart', '2026-09-01T00:00:00.000Z', labelOf)).toBe('2026-09-01');
    expect(cellText(def('buildings'), 'name', null, labelOf)).toBe('');
    expect(enumLabel(def('students').fields.gender, 'gender', 'X')).toBe('X'); // an unknown value shows itself
  });

  it('follows the language', async () => {
    await i18n.changeLanguage('en');
    try {
      expect(cellText(def('buildings'), 'enabled', true, labelOf)).toMatch(/^yes$/i);
      expect(keywordPlaceholder(def('buildings'))).not.toContain('教学楼');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });
});

describe('messages', () => {
  it('names the keyword fields in the placeholder', () => {
    expect(keywordPlaceholder(def('buildings'))).toBe('请输入教学楼代码、教学楼名称');
  });

  it('translates zod refusals with the field label and the declared range', () => {
    const r = bodySchema(def('buildings'), 'create').safeParse({ code: 'B1', name: '', campusId: '00000000-0000-4000-8000-000000000001', floors: '12' });
    expect(r.success).toBe(false);
    const texts = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), issueText(def('buildings'), i.path, i.message)]));
    expect(texts.name).toBe('请输入教学楼名称');
    expect(texts.floors).toBe('楼层数须为 1 到 9 的整数');
  });

  it('translates a child field refusal with the child label', () => {
    expect(issueText(def('students'), ['guardians', 0, 'mobile'], 'validation.fieldRequired')).toBe('请输入手机号');
  });

  it('passes the server message through', () => {
    expect(issueText(def('buildings'), ['code'], '代码已被使用')).toBe('代码已被使用');
    expect(serverField({ field: 'code' }, ['code', 'name'])).toBe('code');
    expect(serverField({ field: 'guardians.1.mobile' }, ['code', 'guardians'])).toBe('guardians.1.mobile');
    expect(serverField({ field: 'other' }, ['code'])).toBeNull();
    expect(serverField(undefined, ['code'])).toBeNull();
  });
});

describe('queries', () => {
  it('sends only filters that hold a value', () => {
    expect(listQuery({ current: 2, size: 20, keyword: ' a ', filters: { enabled: 'true', campusId: '' } })).toEqual({ current: 2, size: 20, keyword: 'a', enabled: 'true' });
    expect(queryString({ keyword: 'a b', enabled: 'true' })).toBe('?keyword=a+b&enabled=true');
    expect(queryString({})).toBe('');
  });

  it('collects the page’s ref values per source', () => {
    const rows = [
      { id: '1', campusId: 'c2', enabled: true },
      { id: '2', campusId: 'c1', enabled: false },
      { id: '3', campusId: 'c2', enabled: true },
    ];
    expect([...refValuesOf(def('buildings'), def('buildings').list.columns, rows)]).toEqual([['campuses', ['c1', 'c2']]]);
    expect([...refValuesOf(def('staff'), ['roles'], [{ id: '1', roles: ['b', 'a'] }])]).toEqual([['roles', ['a', 'b']]]);
  });
});

describe('form drafts', () => {
  it('starts a new record with each field’s fallback', () => {
    const d = formDraft(def('buildings'), 'create');
    expect(d).toEqual({ code: '', name: '', englishName: '', campusId: '', floors: '', enabled: true, sort: '0' });
    expect(defaultValue(def('students').fields.idType!)).toBe('resident');
    expect(formDraft(def('students'), 'create').guardians).toEqual([]);
    expect(formDraft(def('teaching-classes'), 'create').studentIds).toEqual([]);
  });

  it('holds a record as its inputs do, without create-only fields on update', () => {
    const d = formDraft(def('staff'), 'update', { id: 'x', account: 'zs', name: '张三', birthDate: '1990-01-02T00:00:00.000Z', roles: ['teacher'], enabled: false, departmentId: null });
    expect(d.account).toBeUndefined();
    expect(d).toMatchObject({ name: '张三', birthDate: '1990-01-02', roles: ['teacher'], enabled: false, departmentId: '' });
  });

  it('round-trips through the body schema', () => {
    const d = formDraft(def('students'), 'update', {
      studentNo: 'S1',
      name: '李四',
      gender: 'M',
      idType: 'passport',
      idNumber: 'E1234567',
      classId: '00000000-0000-4000-8000-000000000001',
      enrollmentYear: 2024,
      guardians: [{ name: '李父', relationship: 'father', mobile: '13800000000', age: 40 }],
    });
    const r = bodySchema(def('students'), 'update').safeParse(d);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ enrollmentYear: 2024, guardians: [{ name: '李父', age: 40, employer: '' }] });
  });
});

describe('imports', () => {
  it('reads an outcome from an answer, a refusal or a job result', () => {
    expect(importOutcome({ imported: 3, errors: [] })).toEqual({ imported: 3, errors: [] });
    expect(importOutcome({ imported: 0, errors: [{ row: '4', column: '姓名', message: 'x' }] })).toEqual({ imported: 0, errors: [{ row: 4, column: '姓名', message: 'x' }] });
    expect(importOutcome({ jobId: 'j', total: 900 })).toBeNull();
    expect(importOutcome(null)).toBeNull();
  });
});
