import { RoleCode } from './permissions.js';

/** Reads the repair pages a role may open (docs/product/repairs.md#pages); the flow's API decides what each sees. */
export const REPAIR_REQUEST_PERMISSION = 'repairs:request';
export const REPAIR_ORDERS_PERMISSION = 'repairs:orders';

const EVERYONE = Object.values(RoleCode);
/** Those who handle reports: the office dispatches, maintenance workers fix (administrators hold every page). */
const HANDLERS = [RoleCode.office, RoleCode.repairman];

/**
 * 报修管理's pages (docs/product/repairs.md#pages), registered at start under the group's heading like the resource
 * kit's: my requests and the report form (everyone), the work orders (the office and the workers), the repair types
 * (the office; the `repair-types` resource's list), and the phone-sized page of both lists (everyone; hidden from the
 * desktop menu, opened on a phone).
 */
export const REPAIR_PAGES = [
  { url: '/bxgl/bxsq', key: 'request', sort: 1, icon: 'wrench', permission: REPAIR_REQUEST_PERMISSION, write: null, roles: EVERYONE, writers: [] },
  { url: '/bxgl/wxgl', key: 'orders', sort: 2, icon: 'tasks', permission: REPAIR_ORDERS_PERMISSION, write: null, roles: HANDLERS, writers: [] },
  { url: '/bxgl/bxlxgl', key: 'types', sort: 3, icon: 'tags', permission: 'repairs:types:list', write: 'repairs:types:edit', roles: [RoleCode.office], writers: [RoleCode.office] },
  { url: '/qt_app/bxgl', key: 'mobile', sort: 4, icon: 'mobile alternate', permission: REPAIR_REQUEST_PERMISSION, write: null, roles: EVERYONE, writers: [] },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string; write: string | null; roles: readonly string[]; writers: readonly string[] }[];
