import { at, computed, date, defineResource, photo, flag, oneOf, ref, refs, text, virtual } from './resource-kit.js';
import { EMAIL, isResidentId, MOBILE, POSTAL_CODE, SHORT_NUMBER } from './patterns.js';
import { GENDERS } from './students.resource.js';

const notBefore = (a: unknown, b: unknown): boolean => typeof a !== 'string' || typeof b !== 'string' || a >= b;
const given = (v: unknown): boolean => typeof v === 'string' && v !== '';

/**
 * 用工形式 (docs/adr/0065-interface-languages.md#non-establishment-staff): 在编 (on the school's establishment) and the
 * four kinds of 非编 staff — 合同制 (a fixed-term contract with the school), 临时聘用 (a temporary hire: a substitute,
 * a term's cover), 劳务派遣/外包 (employed by an agency, which is named), 退休返聘 (retired and re-hired).
 */
export const EMPLOYMENT_KINDS = ['establishment', 'contract', 'temporary', 'outsourced', 'rehired'] as const;
export type EmploymentKind = (typeof EMPLOYMENT_KINDS)[number];
/** A contract ending within this many days is flagged on the non-establishment list. */
export const CONTRACT_WARNING_DAYS = 30;
/** 非编教职工维护 (`jzggl/fzbjzgwh`): the staff list of non-establishment staff, under 教职工管理. */
export const NON_ESTABLISHMENT_STAFF_PAGE = { url: '/jzggl/fzbjzgwh', sort: 2, icon: 'id card outline' } as const;

/** A non-establishment contract's state on `today`: ended, ending within CONTRACT_WARNING_DAYS (days left, 0 = today), or running. */
export function contractState(end: string | null | undefined, today: string): { state: 'expired' | 'expiring' | 'running' | 'open'; daysLeft: number | null } {
  if (!end) return { state: 'open', daysLeft: null };
  const daysLeft = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return { state: daysLeft < 0 ? 'expired' : daysLeft <= CONTRACT_WARNING_DAYS ? 'expiring' : 'running', daysLeft };
}

/**
 * 教职工 (docs/product/base-data.md#staff: a valid ID number, phone, e-mail and postal code; short number 3–8 digits; work start not
 * before birth; arrival not before work start; the staff file at most 500 KB). Creating one creates its teacher account
 * (initial password the last 6 characters of the ID number, upper case) with the roles chosen — the server plugin's.
 */
export const staff = defineResource({
  name: 'staff',
  table: 'staff',
  view: 'staff_list',
  fields: {
    account: virtual(text({ max: 50, required: true, pattern: /^[A-Za-z0-9_]+$/, patternMessage: 'validation.staffAccountInvalid' }), { createOnly: true }),
    name: text({ max: 50, required: true }),
    gender: oneOf('gender', GENDERS, { fallback: 'M' }),
    idNumber: text({ max: 18, required: true, checks: [[isResidentId, 'validation.idNumberInvalid']] }),
    phone: text({ max: 11, required: true, pattern: MOBILE, patternMessage: 'validation.mobileInvalid' }),
    // The pattern says the rule (3–8 digits); the length bound only stops a paste of anything.
    shortNumber: text({ max: 50, pattern: SHORT_NUMBER, patternMessage: 'validation.shortNumberInvalid' }),
    email: text({ max: 100, pattern: EMAIL, patternMessage: 'validation.emailInvalid' }),
    postalCode: text({ max: 6, pattern: POSTAL_CODE, patternMessage: 'validation.postalCodeInvalid' }),
    birthDate: date(),
    workStart: date(),
    arrivalDate: date(),
    departmentId: ref('departments'),
    avatar: at('avatar_file_id', photo()),
    /** 外教: the timetable's foreign-teacher view lists their lessons. */
    foreign: at('foreign_teacher', flag(false)),
    /** 用工形式, and what a non-establishment record needs: its contract's dates and, when outsourced, the agency. */
    employment: oneOf('employment', EMPLOYMENT_KINDS, { fallback: 'establishment' }),
    contractStart: date(),
    contractEnd: date(),
    agency: text({ max: 100 }),
    /** 非编: any kind but 在编 (the read view's column; the non-establishment page's filter). */
    nonEstablishment: computed('bool', 'non_establishment', { viewOnly: true }),
    roles: virtual(refs('roles', { max: 20, pattern: /^[A-Za-z][A-Za-z0-9_]*$/ })),
    enabled: virtual(flag(true)),
    userId: computed('ref', 'user_id', { hidden: true }),
  },
  rules: [
    { path: 'workStart', message: 'validation.workStartBeforeBirth', holds: (v: { workStart?: unknown; birthDate?: unknown }) => notBefore(v.workStart, v.birthDate) },
    { path: 'arrivalDate', message: 'validation.arrivalBeforeWorkStart', holds: (v: { arrivalDate?: unknown; workStart?: unknown }) => notBefore(v.arrivalDate, v.workStart) },
    { path: 'contractStart', message: 'validation.contractDatesRequired', holds: (v: { employment?: unknown; contractStart?: unknown }) => v.employment === 'establishment' || v.employment === undefined || given(v.contractStart) },
    { path: 'contractEnd', message: 'validation.contractDatesRequired', holds: (v: { employment?: unknown; contractEnd?: unknown }) => v.employment === 'establishment' || v.employment === undefined || given(v.contractEnd) },
    { path: 'contractEnd', message: 'validation.contractEndBeforeStart', holds: (v: { contractEnd?: unknown; contractStart?: unknown }) => notBefore(v.contractEnd, v.contractStart) },
    { path: 'agency', message: 'validation.agencyRequired', holds: (v: { employment?: unknown; agency?: unknown }) => v.employment !== 'outsourced' || given(v.agency) },
  ] as const,
  unique: { staff_id_number_key: { fields: ['idNumber'], message: 'resource.messages.idNumberUsed' }, sys_user_account_key: { fields: ['account'], message: 'resource.messages.accountUsed' } },
  inUse: {},
  label: 'name',
  key: 'account',
  list: {
    columns: ['account', 'name', 'gender', 'phone', 'shortNumber', 'departmentId', 'employment', 'roles', 'enabled'],
    // the non-establishment page's columns besides these (NON_ESTABLISHMENT_STAFF_PAGE)
    extra: ['agency', 'contractStart', 'contractEnd'],
    filters: ['departmentId', 'gender', 'employment', 'nonEstablishment'],
    keyword: ['account', 'name', 'phone'],
    sort: [['account', 'ASC']],
  },
  excel: { columns: ['account', 'name', 'gender', 'idNumber', 'phone', 'shortNumber', 'email', 'postalCode', 'birthDate', 'workStart', 'arrivalDate', 'departmentId', 'roles', 'foreign', 'employment', 'contractStart', 'contractEnd', 'agency'], importMaxKb: 500 },
  permissions: { read: 'academic:staff:list', write: 'academic:staff:edit' },
  menu: { group: 'staff', sort: 1, icon: 'id badge outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
