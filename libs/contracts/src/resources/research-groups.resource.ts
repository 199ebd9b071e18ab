import { defineResource, flag, int, ref, text } from './resource-kit.js';
import { CODE } from './patterns.js';

/** 教研组 (docs/product/base-data.md#research-groups; teaching resources). */
export const researchGroups = defineResource({
  name: 'research-groups',
  table: 'research_group',
  fields: {
    code: text({ max: 30, required: true, pattern: CODE, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 50, required: true }),
    leaderId: ref('teachers'),
    courseId: ref('courses'),
    enabled: flag(true),
    sort: int({ min: 0, max: 999, fallback: 0 }),
    remark: text({ max: 300 }),
  },
  unique: { research_group_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' }, research_group_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: {},
  label: 'name',
  optionsOpen: true,
  key: 'code',
  list: { columns: ['code', 'name', 'leaderId', 'courseId', 'enabled', 'sort'], filters: ['courseId', 'enabled'], keyword: ['code', 'name'], sort: [['sort', 'ASC'], ['code', 'ASC']] },
  excel: { columns: ['code', 'name', 'leaderId', 'courseId', 'enabled', 'sort', 'remark'], importMaxKb: 500 },
  permissions: { read: 'academic:research_groups:list', write: 'academic:research_groups:edit' },
  menu: { group: 'resources', sort: 1, icon: 'sitemap' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
