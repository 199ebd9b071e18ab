import type { ResourceRecord } from '@schoolflow/contracts';
import type { Column } from '../components/list-page.js';

/**
 * The columns other features add to a resource's list (docs/adr/0054-health.md#flag: the students list's health risk
 * badge): a hook, called on every render of the page with the page's rows, answering its columns — none when the
 * viewer may not see them, and then it asks the server nothing. It reads what it shows for the whole page at once,
 * never per row. A view's hook is fixed when the view is made (view-registry.ts).
 */
export type ResourceColumnsHook = (rows: readonly ResourceRecord[], active: boolean) => Column<ResourceRecord>[];

const NONE: Column<ResourceRecord>[] = [];
/** The default: no added column. */
export const useNoColumns: ResourceColumnsHook = () => NONE;
