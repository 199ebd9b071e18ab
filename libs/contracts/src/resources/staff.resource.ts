import { at, computed, date, defineResource, photo, flag, oneOf, ref, refs, text, virtual } from './resource-kit.js';
import { EMAIL, isResidentId, MOBILE, POSTAL_CODE, SHORT_NUMBER } from './patterns.js';
import { GENDERS } from './students.resource.js';

const notBefore = (a: unknown, b: unknown): boolean => typeof a !== 'string' || typeof b !== 'string' || a >= b;

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
    roles: virtual(refs('roles', { max: 20, pattern: /^[A-Za-z][A-Za-z0-9_]*$/ })),
    enabled: virtual(flag(true)),
    userId: computed('ref', 'user_id', { hidden: true }),
  },
  rules: [
    { path: 'workStart', message: 'validation.workStartBeforeBirth', holds: (v: { workStart?: unknown; birthDate?: unknown }) => notBefore(v.workStart, v.birthDate) },
    { path: 'arrivalDate', message: 'validation.arrivalBeforeWorkStart', holds: (v: { arrivalDate?: unknown; workStart?: unknown }) => notBefore(v.arrivalDate, v.workStart) },
  ] as const,
  unique: { staff_id_number_key: { fields: ['idNumber'], message: 'resource.messages.idNumberUsed' }, sys_user_account_key: { fields: ['account'], message: 'resource.messages.accountUsed' } },
  inUse: {},
  label: 'name',
  key: 'account',
  list: {
    columns: ['account', 'name', 'gender', 'phone', 'shortNumber', 'departmentId', 'roles', 'enabled'],
    filters: ['departmentId', 'gender'],
    keyword: ['account', 'name', 'phone'],
    sort: [['account', 'ASC']],
  },
  excel: { columns: ['account', 'name', 'gender', 'idNumber', 'phone', 'shortNumber', 'email', 'postalCode', 'birthDate', 'workStart', 'arrivalDate', 'departmentId', 'roles', 'foreign'], importMaxKb: 500 },
  permissions: { read: 'academic:staff:list', write: 'academic:staff:edit' },
  menu: { group: 'staff', sort: 1, icon: 'id badge outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
