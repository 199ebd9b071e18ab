import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Language, PickerOrgNode, PickerRoleGroup } from '@schoolflow/contracts';
import { pickerApi } from '../../api/picker-api.js';

/** The picker queries' keys, one factory. */
export const pickerKeys = {
  all: ['picker'] as const,
  people: (q: { KEYWORD: string; USERTYPE: string }, page: number) => [...pickerKeys.all, 'people', q, page] as const,
  orgs: (lang: Language) => [...pickerKeys.all, 'orgs', lang] as const,
  roles: (lang: Language) => [...pickerKeys.all, 'roles', lang] as const,
};

const NO_PEOPLE = { total: 0, rows: [] };

/**
 * One page of the people tab while it is shown (read again each time it opens); the last page stays while the next
 * is read, a failure says so and empties the list (docs/product/shell-and-sign-in.md#errors-and-reactions).
 */
export function usePickerPeople(applied: { KEYWORD: string; USERTYPE: string }, page: number, enabled: boolean) {
  const people = useQuery({
    queryKey: pickerKeys.people(applied, page),
    queryFn: ({ signal }) => pickerApi.people(JSON.stringify(applied), page, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  return { people: people.isError ? NO_PEOPLE : (people.data ?? NO_PEOPLE), loading: enabled && people.isFetching };
}

/**
 * Org and role lists barely change: read once per language while their tab is shown, then kept for the session
 * (docs/product/shell-and-sign-in.md#people-picker: cached for the session; the cache is cleared on sign-out). A
 * failure says so; the tab stays empty and the next opening tries again.
 */
export function usePickerOrgs(lang: Language, enabled: boolean): PickerOrgNode[] {
  const orgs = useQuery({ queryKey: pickerKeys.orgs(lang), queryFn: ({ signal }) => pickerApi.orgs(signal), enabled, staleTime: Infinity, gcTime: Infinity });
  return orgs.data ?? [];
}

export function usePickerRoles(lang: Language, enabled: boolean): PickerRoleGroup[] {
  const roles = useQuery({ queryKey: pickerKeys.roles(lang), queryFn: ({ signal }) => pickerApi.roles(signal), enabled, staleTime: Infinity, gcTime: Infinity });
  return roles.data ?? [];
}
