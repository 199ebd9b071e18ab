import { useEffect, useState, type ReactNode } from 'react';
import { Button, Icon, Table } from 'semantic-ui-react';
import { useT } from '../../i18n/use-t.js';
import { EmptyState } from '../empty-state.js';
import { Pager, usePaging } from '../pager.js';
import { DEFAULT_TABLE_SIZE } from './form-defaults.js';
import { type Sort, useTableExport, useTablePage } from './use-data-table.js';
import './widgets.css';

export interface DataColumn<T> {
  /** Field of the row; also the sort column sent to the server. */
  key: string;
  title: ReactNode;
  render?: (row: T, index: number) => ReactNode;
  sortable?: boolean;
  width?: number | string;
}

export interface DataTableProps<T> {
  /** POST url of the list (under BASE_API). */
  url: string;
  columns: readonly DataColumn<T>[];
  /** Query object: `query` in the current shape, `search` in the older one. A change reloads from page 1. */
  query?: Record<string, unknown>;
  /** Send the older request {currPage (0-based), limit, order, sortField, search} and read {total, rows}. */
  legacy?: boolean;
  rowKey: (row: T, index: number) => string;
  initialSize?: number;
  /** False while the page is kept alive in a background tab: no loading then. */
  active?: boolean;
  /** Changing it reloads the current page. */
  reloadKey?: unknown;
  testId?: string;
  /** When given, an Export button writes every row of the list (all pages) to `<exportName>.xlsx`. */
  exportName?: string;
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
}

/** Generic list table: server paging (10…1000), sortable columns; a failure shows msg and empties the table (docs/product/shell-and-sign-in.md#errors-and-reactions). */
export function DataTable<T>({ url, columns, query = {}, legacy = false, rowKey, initialSize = DEFAULT_TABLE_SIZE, active = true, reloadKey, testId = 'data-table', exportName }: DataTableProps<T>) {
  const { t } = useT();
  const { current, size, setCurrent, setSize } = usePaging(initialSize);
  const [sort, setSort] = useState<Sort | null>(null);
  const queryKey = JSON.stringify(query);
  const { page, loading } = useTablePage<T>({ url, current, size, sort, query, legacy }, active, reloadKey);

  // a new filter reads from page 1
  useEffect(() => setCurrent(1), [queryKey, setCurrent]);

  const exporter = useTableExport();
  const exporting = exporter.isPending;
  const exportAll = () => {
    if (!exportName) return;
    const titles = columns.map((c) => ({ key: c.key, title: typeof c.title === 'string' ? c.title : c.key }));
    exporter.mutate({ q: { url, sort, query, legacy }, fileName: exportName, columns: titles });
  };

  const clickSort = (column: string) =>
    setSort((s) => {
      if (!s || s.column !== column) return { column, asc: true };
      return s.asc ? { column, asc: false } : null;
    });

  return (
    <div className="sf-data-table" data-testid={testId}>
      {exportName ? (
        <div className="sf-data-table-tools">
          <Button basic size="small" icon="download" content={t('widgets.table.export')} loading={exporting} disabled={exporting} onClick={exportAll} data-testid={`${testId}-export`} />
        </div>
      ) : null}
      <Table celled compact unstackable sortable className={loading ? 'sf-loading' : ''} data-testid={`${testId}-table`}>
        <Table.Header>
          <Table.Row>
            {columns.map((col) => {
              const dir = sort?.column === col.key ? (sort.asc ? 'ascending' : 'descending') : undefined;
              return (
                <Table.HeaderCell
                  key={col.key}
                  style={col.width ? { width: col.width } : undefined}
                  className={col.sortable ? 'sortable' : 'disabled'}
                  sorted={col.sortable ? dir : undefined}
                  onClick={col.sortable ? () => clickSort(col.key) : undefined}
                  title={col.sortable && dir ? t(dir === 'ascending' ? 'widgets.table.sortAsc' : 'widgets.table.sortDesc') : undefined}
                  data-testid={`${testId}-col-${col.key}`}
                  data-sort={dir ?? 'none'}
                >
                  {col.title}
                  {col.sortable && !dir ? <Icon name="sort" color="grey" /> : null}
                </Table.HeaderCell>
              );
            })}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {page.list.map((row, i) => (
            <Table.Row key={rowKey(row, i)} data-testid={`${testId}-row`}>
              {columns.map((col) => (
                <Table.Cell key={col.key}>{col.render ? col.render(row, i) : cellText((row as Record<string, unknown>)[col.key])}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
      {page.list.length === 0 && !loading ? <EmptyState text={t('common.empty')} testId={`${testId}-empty`} /> : null}
      <Pager
        total={page.total}
        current={current}
        size={size}
        onPage={setCurrent}
        onSize={setSize}
        testId={`${testId}-pager`}
      />
    </div>
  );
}
