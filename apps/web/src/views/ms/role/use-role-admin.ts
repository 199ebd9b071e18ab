import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AdminPath, ComponentPath, PICKER_PAGE_SIZE, type MenuAdminNode, type PickerPerson, type UserRow } from '@schoolflow/contracts';
import { adminApi } from '../../../api/admin-api.js';
import { adminKeys } from '../admin-keys.js';

/** The role page's reads beyond its list: grants, members, the SQL test, the people picker's search. */

/** A chosen person: the picker knows the account (its USERID); the user id is known for saved members. */
export interface PickedPerson {
  account: string;
  name: string;
  id?: string;
}

/** Reads what the SQL test answers: a list of people, `{users}`, `{list}` or `{count}`. */
export function readTest(data: unknown): { count: number; names: string[] } {
  const o = (data ?? {}) as Record<string, unknown>;
  const list = Array.isArray(data) ? data : Array.isArray(o.users) ? o.users : Array.isArray(o.list) ? o.list : [];
  const names = (list as unknown[]).slice(0, 50).map((u) => {
    if (typeof u === 'string') return u;
    const r = (u ?? {}) as Record<string, unknown>;
    return String(r.name ?? r.USERNAME ?? r.account ?? r.user_id ?? r.id ?? r.USERID ?? '');
  });
  return { count: typeof o.count === 'number' ? o.count : list.length, names };
}

/** Reads the saved members: people rows in any of the shapes the server may use. */
export function readPeople(data: unknown): PickedPerson[] {
  const o = (data ?? {}) as Record<string, unknown>;
  const list = Array.isArray(data) ? data : Array.isArray(o.list) ? o.list : Array.isArray(o.users) ? o.users : [];
  return (list as Record<string, unknown>[])
    .map((r) => ({ id: typeof r.id === 'string' ? r.id : undefined, account: String(r.account ?? r.USERID ?? r.id ?? ''), name: String(r.name ?? r.USERNAME ?? r.account ?? '') }))
    .filter((p) => p.account);
}

/**
 * The picker answers accounts (USERID); setUsers wants user ids. Members loaded from the role already carry ids;
 * newly picked people are looked up by account in the user list.
 */
export async function resolveIds(people: PickedPerson[]): Promise<{ ids: string[]; missing: string[] }> {
  const ids: string[] = [];
  const missing: string[] = [];
  for (const p of people) {
    if (p.id) {
      ids.push(p.id);
      continue;
    }
    const page = await adminApi.page<UserRow>(AdminPath.userList, { current: 1, size: 10, query: { keyword: p.account } });
    const hit = page.list.find((u) => u.account === p.account);
    if (hit) ids.push(hit.id);
    else missing.push(p.account);
  }
  return { ids, missing };
}

/** A role's grants with the whole menu tree they are chosen from. */
async function loadGrants(roleId: string, signal?: AbortSignal): Promise<{ menus: MenuAdminNode[]; menuIds: string[]; permissions: string[] }> {
  const [tree, grants] = await Promise.all([
    adminApi.tree<MenuAdminNode>(AdminPath.menuTree, signal),
    adminApi.post<{ menuIds?: string[]; permissions?: string[] }>(AdminPath.roleGrants, { id: roleId, roleId }, signal),
  ]);
  return { menus: tree, menuIds: Array.isArray(grants?.menuIds) ? grants.menuIds : [], permissions: Array.isArray(grants?.permissions) ? grants.permissions : [] };
}

/** A role's saved members. */
async function loadMembers(roleId: string, signal?: AbortSignal): Promise<PickedPerson[]> {
  return readPeople(await adminApi.post<unknown>(AdminPath.roleUsers, { id: roleId, roleId }, signal));
}

/*
 * The grants and the members are read for the dialog that edits them: read afresh each time it opens (no stale copy
 * kept once it is closed, `gcTime: 0`), since the dialog's fields start from them. A failed read is reported by the
 * query cache and the dialog does not open.
 */

/** The grants of the role whose grant dialog is open (`null`: none). */
export function useRoleGrants(roleId: string | null) {
  return useQuery({
    queryKey: adminKeys.detail(AdminPath.roleGrants, roleId ?? ''),
    queryFn: ({ signal }) => loadGrants(roleId ?? '', signal),
    enabled: roleId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The saved members of the role whose members dialog is open (`null`: none). */
export function useRoleMembers(roleId: string | null) {
  return useQuery({
    queryKey: adminKeys.detail(AdminPath.roleUsers, roleId ?? ''),
    queryFn: ({ signal }) => loadMembers(roleId ?? '', signal),
    enabled: roleId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Who a dynamic role's SQL or procedure would give the role to. */
export async function testRoleSql(sql: string, procedure: string): Promise<{ count: number; names: string[] }> {
  return readTest(await adminApi.post<unknown>(AdminPath.roleTestSql, { sql, procedure }));
}

/** Reads the picker answer: `{total, list}`, `{total, rows}`, `{total, records}` or a bare list. */
function readPickerPage(data: unknown): { total: number; list: PickerPerson[] } {
  if (Array.isArray(data)) return { total: data.length, list: data as PickerPerson[] };
  const o = (data ?? {}) as { total?: unknown; list?: unknown; rows?: unknown; records?: unknown };
  const list = (Array.isArray(o.list) ? o.list : Array.isArray(o.rows) ? o.rows : Array.isArray(o.records) ? o.records : []) as PickerPerson[];
  return { total: Number(o.total) || list.length, list };
}

const NO_PEOPLE = { total: 0, list: [] as PickerPerson[] };

/** One page (0-based) of the people matching `search`; the last page stays while the next is read, a failure empties it. */
export function usePickerPeople(search: string, page: number) {
  const people = useQuery({
    queryKey: [...adminKeys.path(ComponentPath.userAll), 'picker', { search, page }] as const,
    queryFn: async ({ signal }) => readPickerPage(await adminApi.post<unknown>(ComponentPath.userAll, { size: PICKER_PAGE_SIZE, page, search }, signal)),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return { result: people.isError ? NO_PEOPLE : (people.data ?? NO_PEOPLE), loading: people.isFetching };
}

/** Runs a dynamic role's SQL or procedure once, to show whom it would give the role to (its answer or refusal is shown by the form). */
export function useRoleSqlTest() {
  return useMutation({ mutationFn: (q: { sql: string; procedure: string }) => testRoleSql(q.sql, q.procedure) });
}
