import { at, defineResource, flag, int, text } from './resource-kit.js';
import { CODE } from './patterns.js';

/** 专业 (docs/product/base-data.md#majors: sort 0–999). */
export const majors = defineResource({
  name: 'majors',
  table: 'major',
  fields: {
    code: text({ max: 30, required: true, pattern: CODE, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 50, required: true }),
    enabled: flag(true),
    sort: int({ min: 0, max: 999, fallback: 0 }),
    nationalStandard: text({ max: 30 }),
    group: at('group_name', text({ max: 50 })),
    introduction: text({ max: 1000 }),
  },
  unique: { major_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' }, major_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: { admin_class_major_id_fkey: 'resource.messages.majorInUse' },
  label: 'name',
  optionsOpen: true,
  key: 'code',
  list: { columns: ['code', 'name', 'nationalStandard', 'group', 'enabled', 'sort'], filters: ['enabled'], keyword: ['code', 'name', 'group'], sort: [['sort', 'ASC'], ['code', 'ASC']] },
  excel: { columns: ['code', 'name', 'nationalStandard', 'group', 'introduction', 'enabled', 'sort'], importMaxKb: 500 },
  permissions: { read: 'academic:majors:list', write: 'academic:majors:edit' },
  menu: { group: 'basic', sort: 3, icon: 'graduation cap' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
