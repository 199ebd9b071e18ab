import { at, defineResource, flag, int, ref, text } from './resource-kit.js';
import { CODE } from './patterns.js';

/** 教学楼 (docs/product/base-data.md#buildings: code and name required and unique, code ≤ 30 letters or digits, floors 1–9, sort < 999). */
export const buildings = defineResource({
  name: 'buildings',
  table: 'building',
  fields: {
    code: text({ max: 30, required: true, pattern: CODE, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 50, required: true }),
    englishName: at('name_en', text({ max: 100 })),
    campusId: ref('campuses', { required: true }),
    floors: int({ min: 1, max: 9, required: true }),
    enabled: flag(true),
    sort: int({ min: 0, max: 998, fallback: 0 }),
  },
  unique: { building_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' }, building_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: { classroom_building_id_fkey: 'resource.messages.buildingInUse' },
  label: 'name',
  optionsOpen: true,
  labelEn: 'englishName',
  key: 'code',
  list: { columns: ['code', 'name', 'campusId', 'floors', 'enabled', 'sort'], filters: ['campusId', 'enabled'], keyword: ['code', 'name'], sort: [['sort', 'ASC'], ['code', 'ASC']] },
  excel: { columns: ['code', 'name', 'campusId', 'floors', 'enabled', 'sort'], importMaxKb: 500 },
  permissions: { read: 'academic:buildings:list', write: 'academic:buildings:edit' },
  menu: { group: 'rooms', sort: 1, icon: 'building' },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
