import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZES } from './schemas.js';

/**
 * System administration (issue "System administration and the shared widgets"): paths, request schemas and
 * row shapes, shared by the server (validation) and the browser (forms). Messages are i18n keys.
 */
export const AdminPath = {
  userList: '/ms/user/list',
  userCreate: '/ms/user/create',
  userUpdate: '/ms/user/update',
  userEnable: '/ms/user/enable',
  userDelete: '/ms/user/delete',
  userResetPassword: '/ms/user/resetPassword',
  userEndSessions: '/ms/user/endSessions',
  userImport: '/ms/user/import',
  userTemplate: '/ms/user/template',
  userExport: '/ms/user/export',
  roleTypeList: '/ms/roleType/list',
  roleTypeSave: '/ms/roleType/save',
  roleTypeDelete: '/ms/roleType/delete',
  roleList: '/ms/role/list',
  roleSave: '/ms/role/save',
  roleEnable: '/ms/role/enable',
  roleDelete: '/ms/role/delete',
  roleGrant: '/ms/role/grant',
  roleGrants: '/ms/role/grants',
  roleUsers: '/ms/role/users',
  roleSetUsers: '/ms/role/setUsers',
  roleTestSql: '/ms/role/testSql',
  menuTree: '/ms/menu/tree',
  menuSave: '/ms/menu/save',
  menuEnable: '/ms/menu/enable',
  menuDelete: '/ms/menu/delete',
  orgTree: '/ms/org/tree',
  orgSave: '/ms/org/save',
  orgDelete: '/ms/org/delete',
  dictTableList: '/ms/dict/table/list',
  dictTableSave: '/ms/dict/table/save',
  dictTableDelete: '/ms/dict/table/delete',
  dictList: '/ms/dict/list',
  dictSave: '/ms/dict/save',
  dictDelete: '/ms/dict/delete',
  dictPublish: '/ms/dict/publish',
  configGet: '/ms/config/get',
  configSave: '/ms/config/save',
  /** POST: the request-encryption switch (docs/adr/0036-request-encryption.md); save {requestEncrypt: true|false|null}. */
  requestEncryptionGet: '/ms/config/request-encryption/get',
  requestEncryptionSave: '/ms/config/request-encryption/save',
  monitor: '/ms/monitor',
  /** GET: the events subscriptions parked (docs/adr/0027). */
  monitorParked: '/ms/monitor/parked',
  /** POST {subscription, position}: run one parked event again. */
  monitorReplay: '/ms/monitor/parked/replay',
} as const;

export const ComponentPath = {
  userAll: '/components/getUserAllData',
  roles: '/components/getRoles',
  orgs: '/components/getOrgsData',
  users: '/components/getUserData',
  area: '/components/getAreaData',
  areaList: '/components/getAreaList',
} as const;

export const FilePath = {
  upload: '/file/upload',
  getFiles: '/file/getFiles',
  remove: (resId: string) => `/file/remove/${resId}`,
  download: (resId: string) => `/file/download/${resId}`,
} as const;

/** The multipart field an upload sends its files in (docs/product/shell-and-sign-in.md#file-upload). */
export const UPLOAD_FIELD = 'file';
/**
 * The body of an upload (`multipart/form-data`): files in the field `file`. The server reads it as a stream, checking
 * each file as it arrives within the limits the query sets; the schema says what to send (OpenAPI).
 */
export const fileUploadSchema = z.object({ [UPLOAD_FIELD]: z.array(z.file()).min(1) });
/** The body of an import (`multipart/form-data`): one .xlsx or .xls workbook in the field `file`. */
export const importUploadSchema = z.object({ [UPLOAD_FIELD]: z.file() });
/** The names of files by id (`getFiles`): one `resId`, or several `resIds`. */
export const fileNamesSchema = z.object({
  resId: z.string().uuid('validation.idInvalid').optional(),
  resIds: z.array(z.string().uuid('validation.idInvalid')).max(100, 'validation.tooLong').optional(),
});

const FIFTY = 50;
const noEdge = (s: string) => s === s.trim();
const idSchema = z.string({ error: 'validation.idRequired' }).uuid('validation.idInvalid');
export const idsSchema = z.object({ ids: z.array(idSchema).min(1, 'validation.idRequired').max(1000, 'validation.tooLong') });
export const oneIdSchema = z.object({ id: idSchema });
/** Turning rows on or off (users, roles, menus): their ids and the new state. */
export const enableSchema = idsSchema.extend({ enabled: z.boolean({ error: 'validation.invalid' }) });

/* ---------- table requests: the current shape and the older one (docs/product/shell-and-sign-in.md#tables-and-lists) ---------- */

export const TABLE_PAGE_SIZES = PAGE_SIZES;

/** `{current, size, orders, params, query}` or the older `{currPage (0-based), limit, order, sortField, search}`. */
export interface NormalisedTable {
  current: number;
  size: number;
  orders: { column: string; asc: boolean }[];
  query: Record<string, unknown>;
  /** The caller used the older shape: answer `{total, rows}` as well. */
  legacy: boolean;
}

export function normaliseTableRequest(body: unknown): NormalisedTable | { error: string } {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const legacy = 'currPage' in b || 'limit' in b;
  const int = (v: unknown, d: number) => (v === undefined || v === null || v === '' ? d : Number(v));
  const size = legacy ? int(b.limit, 10) : int(b.size, 10);
  const current = legacy ? int(b.currPage, 0) + 1 : int(b.current, 1);
  if (!Number.isInteger(current) || current < 1 || current > PAGE_MAX) return { error: 'validation.pageInvalid' };
  if (!(TABLE_PAGE_SIZES as readonly number[]).includes(size)) return { error: 'validation.pageSizeInvalid' };
  let orders: { column: string; asc: boolean }[] = [];
  if (legacy) {
    if (typeof b.sortField === 'string' && b.sortField) orders = [{ column: b.sortField, asc: String(b.order ?? 'asc').toLowerCase() !== 'desc' }];
  } else if (Array.isArray(b.orders)) {
    orders = b.orders.flatMap((o) => (typeof o === 'object' && o && typeof (o as { column?: unknown }).column === 'string' ? [{ column: (o as { column: string }).column, asc: (o as { asc?: unknown }).asc !== false }] : []));
  }
  let query: Record<string, unknown> = {};
  const raw = legacy ? b.search : (b.query ?? b.params);
  if (typeof raw === 'string' && raw.trim()) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object') query = parsed as Record<string, unknown>;
    } catch {
      query = { keyword: raw };
    }
  } else if (raw && typeof raw === 'object') query = raw as Record<string, unknown>;
  return { current, size, orders: orders.slice(0, 5), query, legacy };
}

/** A page number or size as a JSON body or a form sends it (a number, or its digits); `null` or absent: the default. */
const pageNumber = (message: string, description: string) => z.union([z.number(), z.string()], { error: message }).nullable().optional().meta({ description });
/** A filter as sent: an object, or a string holding one as JSON (any other string is a keyword). */
const tableFilter = (description: string) => z.union([z.string(), z.record(z.string(), z.unknown())]).optional().catch(undefined).meta({ description });

/**
 * A table request's body as the administration's lists read it (and OpenAPI documents it): either shape, unlike the
 * current-shape-only `tableRequestSchema` of the newer lists. The page fields are refused with the messages of
 * `normaliseTableRequest`, which then does the reading; a sort or filter of another type is left out, as that
 * function always has.
 */
export const adminTableRequestSchema = z
  .looseObject({
    current: pageNumber('validation.pageInvalid', 'the page, from 1'),
    size: pageNumber('validation.pageSizeInvalid', `rows a page: one of ${PAGE_SIZES.join(', ')}`),
    orders: z.array(z.object({ column: z.string(), asc: z.boolean().optional() })).optional().catch(undefined).meta({ description: 'sort, first five' }),
    query: tableFilter('filters (keyword and the list\'s own)'),
    params: tableFilter('filters, when `query` is absent'),
    currPage: pageNumber('validation.pageInvalid', 'older shape: the page, from 0'),
    limit: pageNumber('validation.pageSizeInvalid', 'older shape: rows a page'),
    sortField: z.string().optional().catch(undefined).meta({ description: 'older shape: the sort column' }),
    order: z.string().optional().catch(undefined).meta({ description: 'older shape: asc or desc' }),
    search: tableFilter('older shape: filters'),
  })
  .transform((body, ctx): NormalisedTable => {
    const t = normaliseTableRequest(body);
    if (!('error' in t)) return t;
    ctx.addIssue({ code: 'custom', message: t.error, input: body });
    return z.NEVER;
  });

/* ---------- users ---------- */

/** Account: Chinese characters, letters, digits, underscore (docs/product/administration.md#users). */
export const ACCOUNT_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9_]+$/u;
export const USER_TYPES = ['1', '2', '3', '4'] as const;

const account = z
  .string({ error: 'validation.accountRequired' })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'validation.accountRequired').max(FIFTY, 'validation.accountTooLong').regex(ACCOUNT_PATTERN, 'validation.accountChars'));
const personName = z
  .string({ error: 'validation.nameRequired' })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'validation.nameRequired').max(FIFTY, 'validation.nameTooLong'));
const adminPassword = z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').min(5, 'validation.passwordTooShort').max(FIFTY, 'validation.passwordTooLong');

export const userCreateSchema = z.object({
  account,
  name: personName,
  password: adminPassword,
  userType: z.enum(USER_TYPES, { error: 'validation.userTypeInvalid' }),
  enabled: z.boolean().default(true),
  deptId: idSchema.nullable().optional(),
  roleIds: z.array(idSchema).max(100, 'validation.tooLong').default([]),
});
export type UserCreate = z.infer<typeof userCreateSchema>;
export const userUpdateSchema = userCreateSchema.omit({ account: true, password: true }).extend({ id: idSchema });
export const userResetPasswordSchema = z.object({ id: idSchema, password: adminPassword });

export interface UserRow {
  id: string;
  account: string;
  name: string;
  userType: string;
  enabled: boolean;
  deptId: string | null;
  deptName: string | null;
  roles: { id: string; code: string; name: string }[];
  locked: boolean;
  sessions: number;
  createdAt: string;
}

/* ---------- role types and roles ---------- */

export const roleTypeSchema = z.object({
  id: idSchema.optional(),
  name: z
    .string({ error: 'validation.nameRequired' })
    .min(1, 'validation.nameRequired')
    .max(FIFTY, 'validation.nameTooLong')
    .refine(noEdge, 'validation.noEdgeSpaces'),
  kind: z.enum(['ordinary', 'dynamic'], { error: 'validation.roleKindInvalid' }),
  remark: z.string().max(300, 'validation.remarkTooLong').default(''),
});
export interface RoleTypeRow {
  id: string;
  name: string;
  kind: 'ordinary' | 'dynamic';
  remark: string;
  roles: number;
}

export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
export const roleSchema = z.object({
  id: idSchema.optional(),
  name: z
    .string({ error: 'validation.roleNameRequired' })
    .min(1, 'validation.roleNameRequired')
    .max(FIFTY, 'validation.nameTooLong')
    .refine(noEdge, 'validation.noEdgeSpaces'),
  code: z
    .string({ error: 'validation.roleCodeRequired' })
    .min(1, 'validation.roleCodeRequired')
    .max(FIFTY, 'validation.codeTooLong')
    .regex(ROLE_CODE_PATTERN, 'validation.roleCodeChars'),
  nameEn: z.string().max(100, 'validation.tooLong').default(''),
  roleTypeId: idSchema,
  /** Dynamic roles: a SELECT returning a user_id column, or the name of a procedure (user id, user type, OUT). */
  sql: z.string().max(4000, 'validation.sqlTooLong').default(''),
  procedure: z.string().max(120, 'validation.tooLong').default(''),
  sort: z.coerce.number().int('validation.sortInvalid').min(0, 'validation.sortInvalid').max(9999, 'validation.sortInvalid').default(0),
});
export type RoleInput = z.infer<typeof roleSchema>;
export const roleGrantSchema = z.object({
  roleId: idSchema,
  menuIds: z.array(idSchema).max(2000, 'validation.tooLong'),
  permissions: z.array(z.string().max(100, 'validation.tooLong').regex(/^[A-Za-z0-9_:]+$/, 'validation.permissionChars')).max(500, 'validation.tooLong'),
});
/** The role a read is about (its grants, its users). */
export const roleIdSchema = z.object({ roleId: idSchema });
export const roleUsersSchema = z.object({ roleId: idSchema, userIds: z.array(idSchema).max(10000, 'validation.tooLong') });
export const roleTestSqlSchema = z.object({ sql: z.string().max(4000, 'validation.sqlTooLong').default(''), procedure: z.string().max(120, 'validation.tooLong').default('') });

export interface RoleRow {
  id: string;
  code: string;
  name: string;
  nameEn: string;
  roleTypeId: string | null;
  roleTypeName: string | null;
  kind: 'ordinary' | 'dynamic';
  sql: string;
  procedure: string;
  enabled: boolean;
  sort: number;
  users: number;
  builtIn: boolean;
}

/* ---------- menus ---------- */

/** Router address: path segments of letters, digits, underscores. Permission value: also colons (docs/product/administration.md#menus). */
export const MENU_URL_PATTERN = /^\/?[A-Za-z0-9_]+(\/[A-Za-z0-9_]+)*$/;
export const PERMISSION_PATTERN = /^[A-Za-z0-9_:]+$/;
export const menuSchema = z.object({
  id: idSchema.optional(),
  parentId: idSchema.nullable().default(null),
  name: z.string({ error: 'validation.menuNameRequired' }).min(1, 'validation.menuNameRequired').max(FIFTY, 'validation.nameTooLong').refine(noEdge, 'validation.noEdgeSpaces'),
  nameEn: z.string().max(100, 'validation.tooLong').refine(noEdge, 'validation.noEdgeSpaces').default(''),
  url: z.string({ error: 'validation.menuUrlRequired' }).min(1, 'validation.menuUrlRequired').max(200, 'validation.tooLong').regex(MENU_URL_PATTERN, 'validation.menuUrlChars'),
  permission: z.string({ error: 'validation.permissionRequired' }).min(1, 'validation.permissionRequired').max(100, 'validation.tooLong').regex(PERMISSION_PATTERN, 'validation.permissionChars'),
  icon: z.string().max(60, 'validation.tooLong').regex(/^[a-z0-9 -]*$/, 'validation.iconInvalid').default(''),
  sort: z.coerce.number().int('validation.sortInvalid').min(0, 'validation.sortInvalid').max(9999, 'validation.sortInvalid').default(0),
  enabled: z.boolean().default(true),
  custom: z.boolean().default(false),
  customParam: z.string().max(200, 'validation.tooLong').default(''),
  home: z.boolean().default(false),
  position: z.enum(['left', 'top']).default('left'),
  hidden: z.boolean().default(false),
  noCache: z.boolean().default(false),
});
export type MenuInput = z.infer<typeof menuSchema>;
export interface MenuAdminNode extends Omit<MenuInput, 'id'> {
  id: string;
  children: MenuAdminNode[];
}

/* ---------- organisations ---------- */

export const orgSchema = z.object({
  id: idSchema.optional(),
  parentId: idSchema.nullable().default(null),
  code: z.string({ error: 'validation.codeRequired' }).min(1, 'validation.codeRequired').max(30, 'validation.codeTooLong').regex(/^[A-Za-z0-9_]+$/, 'validation.codeChars'),
  name: z.string({ error: 'validation.nameRequired' }).min(1, 'validation.nameRequired').max(FIFTY, 'validation.nameTooLong').refine(noEdge, 'validation.noEdgeSpaces'),
  nameEn: z.string().max(100, 'validation.tooLong').default(''),
  sort: z.coerce.number().int('validation.sortInvalid').min(0, 'validation.sortInvalid').max(9999, 'validation.sortInvalid').default(0),
});
export interface OrgNode {
  id: string;
  parentId: string | null;
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  users: number;
  children: OrgNode[];
}

/* ---------- dictionaries ---------- */

/** STD_GB_ / STD_JB_ / STD_XB_ / STD_ followed by capitals (digits and underscores after the first capital). */
export const DICT_TABLE_PATTERN = /^STD_(GB_|JB_|XB_)?[A-Z][A-Z0-9_]*$/;
export const DICT_NAME_MAX = 40;
export const dictTableSchema = z.object({
  id: idSchema.optional(),
  table: z.string({ error: 'validation.dictTableRequired' }).min(1, 'validation.dictTableRequired').max(60, 'validation.tooLong').regex(DICT_TABLE_PATTERN, 'validation.dictTableName'),
  title: z.string({ error: 'validation.nameRequired' }).min(1, 'validation.nameRequired').max(DICT_NAME_MAX, 'validation.dictNameTooLong').refine(noEdge, 'validation.noEdgeSpaces'),
  remark: z.string().max(300, 'validation.remarkTooLong').default(''),
});
const optionalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid').or(z.literal('')).default('');
const tag = z.string().max(100, 'validation.tooLong').default('');
export const dictEntrySchema = z
  .object({
    id: idSchema.optional(),
    table: z.string().regex(DICT_TABLE_PATTERN, 'validation.dictTableName'),
    code: z.string({ error: 'validation.codeRequired' }).min(1, 'validation.codeRequired').max(FIFTY, 'validation.codeTooLong').refine(noEdge, 'validation.noEdgeSpaces'),
    name: z.string({ error: 'validation.nameRequired' }).min(1, 'validation.nameRequired').max(DICT_NAME_MAX, 'validation.dictNameTooLong').refine(noEdge, 'validation.noEdgeSpaces'),
    sort: z.coerce.number().int('validation.sortInvalid').min(0, 'validation.sortInvalid').max(9999, 'validation.sortInvalid').default(0),
    parentCode: z.string().max(FIFTY, 'validation.codeTooLong').default(''),
    level: z.coerce.number().int('validation.invalid').min(0, 'validation.invalid').max(20, 'validation.invalid').default(1),
    subName: z.string().max(100, 'validation.tooLong').default(''),
    shortName: z.string().max(FIFTY, 'validation.tooLong').default(''),
    nameEn: z.string().max(100, 'validation.tooLong').default(''),
    tag1: tag, note1: tag, tag2: tag, note2: tag, tag3: tag, note3: tag, tag4: tag, note4: tag, tag5: tag, note5: tag,
    published: z.boolean().default(false),
    source: z.string().max(100, 'validation.tooLong').default(''),
    useStart: optionalDate,
    useEnd: optionalDate,
    remark: z.string().max(300, 'validation.remarkTooLong').default(''),
  })
  .refine((d) => !d.parentCode || d.parentCode !== d.code, { message: 'validation.parentNotSelf', path: ['parentCode'] })
  .refine((d) => !d.useStart || !d.useEnd || d.useEnd >= d.useStart, { message: 'validation.endBeforeStart', path: ['useEnd'] });
export type DictEntryInput = z.infer<typeof dictEntrySchema>;
export type DictEntryRow = Required<Omit<DictEntryInput, 'id'>> & { id: string };
export interface DictTableRow {
  id: string;
  table: string;
  title: string;
  remark: string;
  entries: number;
}
export const dictPublishSchema = idsSchema.extend({ published: z.boolean({ error: 'validation.invalid' }) });

/* ---------- system configuration ---------- */

const localised = (max: number) =>
  z.object({ zh: z.string().max(max, 'validation.tooLong').default(''), en: z.string().max(max, 'validation.tooLong').default('') });
export const systemConfigSchema = z.object({
  loginTitle: localised(60),
  loginFooter: localised(200),
  title: localised(60),
  logoUrl: z.string().max(500, 'validation.tooLong').refine((s) => s === '' || /^(https?:\/\/|\/)[^\s]*$/.test(s), 'validation.urlInvalid').default(''),
  themeDefault: z.enum(['', 'theme-red', 'theme-teal-dark', 'theme-blue', 'theme-purple', 'theme-grey', 'theme-pink'], { error: 'validation.themeInvalid' }).default(''),
  pwdRule: z.string({ error: 'validation.pwdRuleRequired' }).min(1, 'validation.pwdRuleRequired').max(300, 'validation.tooLong'),
  pwdDescription: localised(200),
  leaveThresholdDays: z.coerce.number({ error: 'validation.numberInvalid' }).min(0, 'validation.numberInvalid').max(365, 'validation.numberInvalid'),
  reminderDelayMinutes: z.coerce.number({ error: 'validation.numberInvalid' }).int('validation.numberInvalid').min(1, 'validation.numberInvalid').max(60 * 24 * 30, 'validation.numberInvalid'),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

/** The request-encryption switch: on, off, or null for the environment's REQUEST_ENCRYPT. */
export const requestEncryptionSaveSchema = z.object({ requestEncrypt: z.boolean({ error: 'validation.invalid' }).nullable() });
export type RequestEncryptionSave = z.infer<typeof requestEncryptionSaveSchema>;
export interface RequestEncryptionSetting {
  /** What every call is held to now. */
  enabled: boolean;
  /** The environment's REQUEST_ENCRYPT. */
  defaultValue: boolean;
  /** The administrator's choice; null while the default applies. */
  override: boolean | null;
}

/* ---------- server monitor ---------- */

export interface MonitorSnapshot {
  at: string;
  host: { cpus: number; load: number[]; cpuPercent: number; memTotal: number; memFree: number; uptimeSeconds: number; platform: string };
  process: { pid: number; uptimeSeconds: number; rss: number; heapUsed: number; heapTotal: number; node: string; version: string };
  database: { status: 'up' | 'down'; version: string; sizeBytes: number; connections: number; latencyMs: number };
  redis: { status: 'up' | 'down' | 'not-configured'; version: string; usedMemory: number; latencyMs: number };
  queue: { mode: 'redis' | 'in-process'; waiting: number; delayed: number; active: number; failed: number };
  realtime: { sockets: number };
}

/** An event a subscription parked after it kept failing (docs/adr/0027), as the server monitor lists it. */
export interface ParkedEventRow {
  subscription: string;
  /** The event's place in the log (a bigint, as text). */
  position: string;
  streamId: string;
  streamType: string;
  /** The workflow instance, when the stream is one (its detail page). */
  flow: string | null;
  instanceId: string | null;
  eventType: string;
  /** SQLSTATE, or the error's name. */
  errorCode: string;
  error: string;
  attempts: number;
  firstFailedAt: string;
  lastFailedAt: string;
  /** Whether this instance of the server runs that subscription (else its replay is refused here). */
  replayable: boolean;
}

export const parkedReplaySchema = z.object({
  subscription: z.string({ error: 'validation.subscriptionInvalid' }).regex(/^[a-z][a-z0-9-]{0,63}$/, 'validation.subscriptionInvalid'),
  position: z.coerce.string({ error: 'validation.positionInvalid' }).regex(/^[1-9][0-9]{0,17}$/, 'validation.positionInvalid'),
});
export type ParkedReplay = z.infer<typeof parkedReplaySchema>;

/* ---------- pickers and areas (docs/product/shell-and-sign-in.md#people-picker, #area-picker) ---------- */

export const PICKER_PAGE_SIZE = 5;
export interface PickerPerson {
  USERID: string;
  USERNAME: string;
  USERTYPE: string;
}
export interface PickerOrgNode {
  CODE: string;
  NAME: string;
  PID: string;
  CHILD: PickerOrgNode[];
}
export interface PickerRoleGroup {
  CODE: string;
  NAME: string;
  CHILD: { CODE: string; NAME: string }[];
}
export interface AreaNode {
  CODE: string;
  NAME: string;
  CHILD: '0' | '1';
  LEVNUM: number;
}
export const userAllDataSchema = z.object({
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(100, 'validation.pageSizeInvalid').default(PICKER_PAGE_SIZE),
  page: z.coerce.number().int('validation.pageInvalid').min(0, 'validation.pageInvalid').default(0),
  search: z.string().max(500, 'validation.tooLong').default(''),
});
export const userDataSchema = z.object({ ids: z.array(z.string().max(FIFTY, 'validation.tooLong')).max(1000, 'validation.tooLong') });
export const areaDataSchema = z.object({
  levNum: z.coerce.number().int('validation.invalid').min(1, 'validation.invalid').max(3, 'validation.invalid').default(1),
  parentCode: z.string().regex(/^(\d{6})?$/, 'validation.areaCodeInvalid').default(''),
});
export const areaListSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'validation.areaCodeInvalid') });

/* ---------- Excel import ---------- */

export interface ImportRowError {
  /** 1-based row number in the sheet, header included (what a person sees in Excel). */
  row: number;
  column: string;
  message: string;
}
export interface ImportResult {
  imported: number;
  errors: ImportRowError[];
}
