import { ComponentPath, PICKER_PAGE_SIZE, type PickerOrgNode, type PickerPerson, type PickerRoleGroup } from '@schoolflow/contracts';
import { requestData } from './http.js';

/** The picker's endpoints (docs/product/shell-and-sign-in.md#people-picker): people by page, the org tree, role groups. */
export const pickerApi = {
  /** One page (0-based) of people matching `search` (the filters as JSON), in the older `{total, rows}` shape. */
  async people(search: string, page: number, signal?: AbortSignal): Promise<{ total: number; rows: PickerPerson[] }> {
    const d = await requestData<{ total: number; rows: PickerPerson[] }>(ComponentPath.userAll, { json: { size: PICKER_PAGE_SIZE, page, search }, signal });
    return { total: Number(d?.total) || 0, rows: Array.isArray(d?.rows) ? d.rows : [] };
  },
  async orgs(signal?: AbortSignal): Promise<PickerOrgNode[]> {
    const d = await requestData<PickerOrgNode[]>(ComponentPath.orgs, { method: 'POST', signal });
    return Array.isArray(d) ? d : [];
  },
  async roles(signal?: AbortSignal): Promise<PickerRoleGroup[]> {
    const d = await requestData<PickerRoleGroup[]>(ComponentPath.roles, { method: 'POST', signal });
    return Array.isArray(d) ? d : [];
  },
};
