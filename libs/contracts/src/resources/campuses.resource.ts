import { at, decimal, defineResource, flag, int, text } from './resource-kit.js';
import { PHONE, POSTAL_CODE } from './patterns.js';

/** 校区 (docs/product/base-data.md#campuses). */
export const campuses = defineResource({
  name: 'campuses',
  table: 'campus',
  fields: {
    code: text({ max: 30, required: true, pattern: /^[A-Za-z0-9]+$/, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 50, required: true }),
    englishName: at('name_en', text({ max: 100 })),
    address: text({ max: 150 }),
    phone: text({ max: 20, pattern: PHONE, patternMessage: 'validation.phoneInvalid' }),
    area: decimal({ min: 0, max: 1e9, scale: 2 }),
    buildingArea: decimal({ min: 0, max: 1e9, scale: 2 }),
    head: text({ max: 30 }),
    postalCode: text({ max: 6, pattern: POSTAL_CODE, patternMessage: 'validation.postalCodeInvalid' }),
    inUse: flag(true),
    sort: int({ min: 0, max: 999, fallback: 0 }),
  },
  unique: { campus_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' }, campus_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: {
    building_campus_id_fkey: 'resource.messages.campusInUse',
    student_campus_id_fkey: 'resource.messages.campusInUse',
    enrollment_batch_campus_id_fkey: 'resource.messages.campusInUse',
  },
  label: 'name',
  optionsOpen: true,
  labelEn: 'englishName',
  key: 'code',
  list: { columns: ['code', 'name', 'address', 'phone', 'head', 'inUse'], filters: ['inUse'], keyword: ['code', 'name', 'address'], sort: [['sort', 'ASC'], ['code', 'ASC']] },
  excel: { columns: ['code', 'name', 'address', 'phone', 'area', 'buildingArea', 'head', 'postalCode', 'inUse', 'sort'], importMaxKb: 500 },
  permissions: { read: 'academic:campuses:list', write: 'academic:campuses:edit' },
  menu: { group: 'basic', sort: 1, icon: 'map marker alternate' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
