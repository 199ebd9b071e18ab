import { defineResource, flag, int, refs, text } from './resource-kit.js';

/** Repairs live under their own base (docs/product/repairs.md#types): `/api/repairs/repair-types`, the `repair` flow beside them. */
export const REPAIRS_BASE = '/api/repairs';

/** A role's code, as the roles option source answers it. */
const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * 报修类型 (docs/product/repairs.md#types): what can be reported (水电, 门窗, …), who dispatches its reports (the holders
 * of its handling roles; the school office when it names none), and how many days a fixed repair waits for its
 * reporter before it closes by itself.
 */
export const repairTypes = defineResource({
  name: 'repair-types',
  base: REPAIRS_BASE,
  table: 'repair_type',
  fields: {
    name: text({ max: 30, required: true }),
    description: text({ max: 200 }),
    handlerRoles: refs('roles', { max: 5, pattern: ROLE_CODE }),
    closeAfterDays: int({ min: 1, max: 30, fallback: 3 }),
    enabled: flag(true),
    sort: int({ min: 0, max: 999, fallback: 0 }),
  },
  unique: { repair_type_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: {},
  label: 'name',
  optionsOpen: true,
  key: 'name',
  list: { columns: ['name', 'description', 'handlerRoles', 'closeAfterDays', 'enabled', 'sort'], filters: ['enabled'], keyword: ['name'], sort: [['sort', 'ASC'], ['name', 'ASC']] },
  excel: { columns: ['name', 'description', 'closeAfterDays', 'enabled', 'sort'], importMaxKb: 200 },
  permissions: { read: 'repairs:types:list', write: 'repairs:types:edit' },
  grants: { read: ['office'], write: ['office'] },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
