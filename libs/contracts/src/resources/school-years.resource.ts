import { at, defineResource, flag, int, text } from './resource-kit.js';

/** 学年 (docs/product/base-data.md#school-years: a year above 2000 and below 9999, sort below 999). */
export const schoolYears = defineResource({
  name: 'school-years',
  table: 'school_year',
  fields: {
    code: text({ max: 30, required: true, pattern: /^[A-Za-z0-9-]+$/, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 30, required: true }),
    englishName: at('name_en', text({ max: 100 })),
    year: int({ min: 2001, max: 9998, required: true }),
    enabled: flag(true),
    sort: int({ min: 0, max: 998, fallback: 0 }),
  },
  unique: {
    school_year_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' },
    school_year_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' },
    school_year_year_key: { fields: ['year'], message: 'resource.messages.yearUsed' },
  },
  inUse: { semester_school_year_id_fkey: 'resource.messages.schoolYearInUse' },
  label: 'name',
  optionsOpen: true,
  labelEn: 'englishName',
  key: 'code',
  list: { columns: ['code', 'name', 'year', 'enabled', 'sort'], filters: ['enabled'], keyword: ['code', 'name'], sort: [['year', 'DESC']] },
  excel: { columns: ['code', 'name', 'year', 'enabled', 'sort'], importMaxKb: 500 },
  permissions: { read: 'academic:school_years:list', write: 'academic:school_years:edit' },
  menu: { group: 'calendar', sort: 1, icon: 'calendar alternate outline' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
