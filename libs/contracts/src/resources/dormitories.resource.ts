import { computed, defineResource, flag, int, oneOf, ref, text } from './resource-kit.js';
import { CODE } from './patterns.js';
import { GENDERS } from './students.resource.js';

/** Dormitories live under their own base (docs/product/campus-life.md#dormitories): `/api/dormitories/buildings`, `/rooms`, and the allocation calls beside them. */
export const DORMITORIES_BASE = '/api/dormitories';
/** Reading the buildings, rooms, beds and histories; editing buildings and rooms and allocating beds. */
export const DORMITORY_READ_PERMISSION = 'dormitories:list';
export const DORMITORY_EDIT_PERMISSION = 'dormitories:edit';
/** The most beds a room has (a dormitory room of the school: 4–8; 20 leaves room for a dormitory hall). */
export const ROOM_BEDS_MAX = 20;

/** 宿舍楼 (docs/product/campus-life.md#dormitories): code and name required and unique, floors 1–30, sort below 999. */
export const dormitoryBuildings = defineResource({
  name: 'dormitory-buildings',
  base: DORMITORIES_BASE,
  segment: 'buildings',
  table: 'dorm_building',
  fields: {
    code: text({ max: 30, required: true, pattern: CODE, patternMessage: 'validation.codeLettersDigits' }),
    name: text({ max: 50, required: true }),
    floors: int({ min: 1, max: 30, required: true }),
    enabled: flag(true),
    sort: int({ min: 0, max: 998, fallback: 0 }),
    remark: text({ max: 200 }),
  },
  unique: { dorm_building_code_key: { fields: ['code'], message: 'resource.messages.codeUsed' }, dorm_building_name_key: { fields: ['name'], message: 'resource.messages.nameUsed' } },
  inUse: { dorm_room_building_id_fkey: 'resource.messages.dormBuildingInUse' },
  label: 'name',
  optionsOpen: true,
  key: 'code',
  list: { columns: ['code', 'name', 'floors', 'enabled', 'sort', 'remark'], filters: ['enabled'], keyword: ['code', 'name'], sort: [['sort', 'ASC'], ['code', 'ASC']] },
  excel: { columns: ['code', 'name', 'floors', 'enabled', 'sort', 'remark'], importMaxKb: 500 },
  permissions: { read: DORMITORY_READ_PERMISSION, write: DORMITORY_EDIT_PERMISSION },
  grants: { read: ['office'], write: ['office'] },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});

interface RoomBeds {
  bedsTotal?: unknown;
  bedsEffective?: unknown;
}

/**
 * 宿舍房间 (docs/product/campus-life.md#rooms): a room of a building for boys or girls, its total beds and the beds in
 * use (effective beds not above total beds — the spec's rule; a broken bed is out of use). Beds are numbered 1 to the
 * total; beds above the effective number take nobody. The read view counts who sleeps there.
 */
export const dormitoryRooms = defineResource({
  name: 'dormitory-rooms',
  base: DORMITORIES_BASE,
  segment: 'rooms',
  table: 'dorm_room',
  view: 'dorm_room_view',
  fields: {
    buildingId: ref('dormitory-buildings', { required: true }),
    code: text({ max: 20, required: true, pattern: CODE, patternMessage: 'validation.codeLettersDigits' }),
    floor: int({ min: 1, max: 30, required: true }),
    gender: oneOf('gender', GENDERS, { required: true }),
    bedsTotal: int({ min: 1, max: ROOM_BEDS_MAX, required: true }),
    bedsEffective: int({ min: 0, max: ROOM_BEDS_MAX, required: true }),
    occupied: computed('int', 'occupied', { viewOnly: true }),
    enabled: flag(true),
    sort: int({ min: 0, max: 998, fallback: 0 }),
    remark: text({ max: 200 }),
    /** "building · room", the read view's: the room's name in pickers (rooms are numbered within a building). */
    label: computed('text', 'label', { viewOnly: true, hidden: true }),
  },
  rules: [{ path: 'bedsEffective', message: 'validation.effectiveBedsAboveTotal', holds: (v: RoomBeds) => typeof v.bedsTotal !== 'number' || typeof v.bedsEffective !== 'number' || v.bedsEffective <= v.bedsTotal }],
  unique: { dorm_room_code_key: { fields: ['buildingId', 'code'], message: 'resource.messages.roomCodeUsed' } },
  inUse: { dorm_allocation_room_id_fkey: 'resource.messages.dormRoomInUse', dorm_allocation_log_room_id_fkey: 'resource.messages.dormRoomInUse', dorm_inspection_room_id_fkey: 'resource.messages.dormRoomInUse' },
  // fewer beds in use than sleepers: the database refuses (a trigger; nobody loses a bed by a room's edit)
  checks: { dorm_room_occupied_beds: { field: 'bedsEffective', message: 'validation.effectiveBedsBelowOccupied' } },
  label: 'label',
  optionsOpen: true,
  key: 'code',
  list: { columns: ['buildingId', 'code', 'floor', 'gender', 'bedsTotal', 'bedsEffective', 'occupied', 'enabled'], filters: ['buildingId', 'gender', 'enabled'], keyword: ['code'], sort: [['buildingId', 'ASC'], ['sort', 'ASC'], ['code', 'ASC']] },
  excel: { columns: ['buildingId', 'code', 'floor', 'gender', 'bedsTotal', 'bedsEffective', 'enabled', 'sort', 'remark'], importMaxKb: 500 },
  permissions: { read: DORMITORY_READ_PERMISSION, write: DORMITORY_EDIT_PERMISSION },
  grants: { read: ['office'], write: ['office'] },
  actions: ['list', 'read', 'create', 'update', 'delete', 'import', 'export'],
});
