import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button, Form, Icon, Segment, Table, type SemanticCOLORS, type SemanticICONS, type TableCellProps, type TableHeaderCellProps, type TableRowProps } from 'semantic-ui-react';
import { Authorized } from './authorized.js';
import { useT } from '../i18n/use-t.js';
import { EmptyRow } from './empty-state.js';
import { Pager } from './pager.js';

/**
 * The chrome every list page shares (the resource kit's and the administration screens'): a filter card with its
 * search and reset buttons, and a table card — a title, a toolbar, the table with its empty row, the pager.
 */

/** Page number and size of a paged list (usePaging, usePagedList). */
export interface Paging {
  current: number;
  size: number;
  setCurrent: (page: number) => void;
  setSize: (size: number) => void;
}

/** The card of filters above a list: its fields, then Search (submits the form) and Reset. */
export function FilterCard({
  testId,
  onSearch,
  onReset,
  className = 'sf-search-form',
  submitTestId = `${testId}-submit`,
  resetTestId = `${testId}-reset`,
  searchText,
  resetText,
  children,
}: {
  /** The form's test id; the buttons' are `${testId}-submit` and `${testId}-reset` unless given. */
  testId: string;
  onSearch: () => void;
  onReset: () => void;
  className?: string;
  submitTestId?: string;
  resetTestId?: string;
  searchText?: string;
  resetText?: string;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <Segment className="sf-card sf-search-card">
      <Form onSubmit={() => onSearch()} className={className} data-testid={testId}>
        {children}
        <div className="sf-search-actions">
          <Button primary type="submit" data-testid={submitTestId}>
            <Icon name="search" /> {searchText ?? t('common.search')}
          </Button>
          <Button type="button" basic onClick={() => onReset()} data-testid={resetTestId}>
            <Icon name="undo" /> {resetText ?? t('common.reset')}
          </Button>
        </div>
      </Form>
    </Segment>
  );
}

/** One labelled control of a filter card (inline in the administration screens). */
export function FilterField({ id, label, inline = true, className, children }: { id: string; label: string; inline?: boolean; className?: string; children: ReactNode }) {
  return (
    <Form.Field inline={inline} className={className}>
      <label htmlFor={id}>{label}</label>
      {children}
    </Form.Field>
  );
}

/** A typed filter: a labelled text input (its test id defaults to its id). */
export function FilterInput({ id, testId = id, label, onValue, children, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id' | 'children'> & { id: string; testId?: string; label: string; onValue: (v: string) => void; children?: ReactNode }) {
  return (
    <FilterField id={id} label={label}>
      <input id={id} {...input} data-testid={testId} onChange={(e) => onValue(e.target.value)} />
      {children}
    </FilterField>
  );
}

export interface Option {
  value: string;
  text: string;
}

/** The <option>s of a native select, after an empty first one (`empty`'s text) when `empty` is given. */
export function OptionList({ options, empty }: { options: readonly Option[]; empty?: string }) {
  return (
    <>
      {empty !== undefined ? <option value="">{empty}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </>
  );
}

/** A chosen filter: a labelled native select whose first option (`all`) is no filter. */
export function FilterSelect({ id, testId = id, label, value, all, options, onValue }: { id: string; testId?: string; label: string; value: string; all: string; options: readonly Option[]; onValue: (v: string) => void }) {
  return (
    <FilterField id={id} label={label}>
      <select id={id} className="ui dropdown" value={value} data-testid={testId} onChange={(e) => onValue(e.target.value)}>
        <OptionList empty={all} options={options} />
      </select>
    </FilterField>
  );
}

/** A button of a card's toolbar: an icon and its text; `primary` for the card's main action, else basic. */
export function ToolButton({
  icon,
  text,
  onClick,
  testId,
  primary,
  basic = !primary,
  color,
  loading,
  disabled,
}: {
  icon?: SemanticICONS;
  text: string;
  onClick: () => void;
  testId: string;
  primary?: boolean;
  basic?: boolean;
  color?: SemanticCOLORS;
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <Button primary={primary} basic={basic} color={color} size="small" loading={loading} disabled={disabled} onClick={() => onClick()} data-testid={testId}>
      {icon ? (
        <>
          <Icon name={icon} /> {text}
        </>
      ) : (
        text
      )}
    </Button>
  );
}

/** The toolbar's reload button (an icon; its title is its name). */
export function RefreshButton({ onClick, testId, title }: { onClick: () => void; testId: string; title?: string }) {
  const { t } = useT();
  const text = title ?? t('common.refresh');
  return <Button basic size="small" icon="refresh" title={text} aria-label={text} onClick={() => onClick()} data-testid={testId} />;
}

/** A small icon button of a row's actions (edit, delete, add a child …); its title is its name. */
export function RowButton({ icon, title, onClick, testId, color, disabled }: { icon: string; title: string; onClick: () => void; testId: string; color?: SemanticCOLORS; disabled?: boolean }) {
  return <Button size="mini" basic color={color} icon={icon} title={title} aria-label={title} disabled={disabled} onClick={() => onClick()} data-testid={testId} />;
}

/** A row's delete button: red, the bin icon. */
export function DeleteButton({ title, onClick, testId, disabled }: { title: string; onClick: () => void; testId: string; disabled?: boolean }) {
  return <RowButton icon="trash alternate outline" color="red" title={title} onClick={onClick} testId={testId} disabled={disabled} />;
}

export interface CardHeadProps {
  icon: SemanticICONS;
  title: ReactNode;
  /** After the title, inside the heading (a count, a hint). */
  sub?: ReactNode;
  /** Attributes of the heading (a test id, data-*). */
  titleProps?: Record<string, string | number | undefined>;
  /** The toolbar's buttons. */
  tools?: ReactNode;
  /** The toolbar's class; `null`: the tools stand in the head without a toolbar of their own. */
  toolsClass?: string | null;
}

/** A card's head: an icon and the title on the left, the toolbar on the right. */
export function CardHead({ icon, title, sub, titleProps, tools, toolsClass = 'sf-toolbar' }: CardHeadProps) {
  return (
    <div className="sf-card-head">
      <h3 className="sf-card-title" {...titleProps}>
        <Icon name={icon} /> {title}
        {sub}
      </h3>
      {toolsClass === null ? tools : <div className={toolsClass || undefined}>{tools}</div>}
    </div>
  );
}

/** The card that holds a list: its head (title and toolbar), the table, then the pager when the list is paged. */
export function TableCard({
  className,
  loading,
  pager,
  children,
  ...head
}: CardHeadProps & {
  className?: string;
  loading: boolean;
  /** The pager's test id, the list's total and its paging. */
  pager?: { testId: string; total: number; paging: Paging };
  children: ReactNode;
}) {
  return (
    <Segment className={className ? `sf-card ${className}` : 'sf-card'} loading={loading}>
      <CardHead {...head} />
      {children}
      {pager ? <Pager testId={pager.testId} total={pager.total} current={pager.paging.current} size={pager.paging.size} onPage={pager.paging.setCurrent} onSize={pager.paging.setSize} /> : null}
    </Segment>
  );
}

/** A column of a list table: its header and what each row shows in it. */
export interface Column<T> {
  title: ReactNode;
  /** The column is as narrow as its content. */
  narrow?: boolean;
  /** Attributes of the header cell. */
  head?: TableHeaderCellProps;
  /** Attributes of each row's cell (singleLine, textAlign, className, a test id, onClick). */
  props?: TableCellProps;
  cell: (row: T) => ReactNode;
}

/**
 * The table of a list: a header from the columns, a row per item (`rowProps` gives its test id and data), or the
 * empty row spanning every column.
 */
export function ListTable<T>({
  testId,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  striped = true,
  selectable,
  tableProps,
}: {
  testId: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => TableRowProps;
  empty: { text: string; testId: string; icon?: SemanticICONS };
  striped?: boolean;
  selectable?: boolean;
  tableProps?: Record<string, string | number>;
}) {
  return (
    <div className="sf-table-wrap">
      <Table celled striped={striped} compact unstackable selectable={selectable} className="sf-table" data-testid={testId} {...tableProps}>
        <Table.Header>
          <Table.Row>
            {columns.map((c, i) => (
              <Table.HeaderCell key={i} collapsing={c.narrow} {...c.head}>
                {c.title}
              </Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 ? (
            <EmptyRow colSpan={columns.length} text={empty.text} testId={empty.testId} icon={empty.icon} />
          ) : (
            rows.map((row) => (
              <Table.Row key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((c, i) => (
                  <Table.Cell key={i} {...c.props}>
                    {c.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))
          )}
        </Table.Body>
      </Table>
    </div>
  );
}

/** What a list card shows: a page of rows, whether it loads, how to reload it, and its paging when it is paged. */
export interface ListSource<T> extends Partial<Paging> {
  page: { total: number; list: readonly T[] };
  loading: boolean;
  reload: () => void;
}

/**
 * A list's card, the way every list page shows one: title and toolbar (New for those granted `create.permission`,
 * the page's own buttons, Refresh), the table, the pager. Test ids follow one pattern from `testId`: `-create`,
 * `-table`, `-row`, `-empty`, `-refresh`, `-pager`; a row's `data-id` is its key.
 */
export function ListCard<T>({
  testId,
  list,
  create,
  tools,
  refreshTitle,
  columns,
  rowKey = (row) => (row as { id: string }).id,
  rowProps,
  emptyText,
  emptyIcon,
  tableTestId = `${testId}-table`,
  striped,
  selectable,
  tableProps,
  ...card
}: Omit<CardHeadProps, 'tools'> & {
  testId: string;
  className?: string;
  list: ListSource<T>;
  /** The New button and who may use it. */
  create?: { permission: string; onClick: () => void };
  /** The toolbar's own buttons, between New and Refresh. */
  tools?: ReactNode;
  refreshTitle?: string;
  columns: readonly Column<T>[];
  /** A row's key (default: its `id`). */
  rowKey?: (row: T) => string;
  /** A row's attributes besides its test id and `data-id` (or instead of them). */
  rowProps?: (row: T) => TableRowProps;
  emptyText?: string;
  emptyIcon?: SemanticICONS;
  tableTestId?: string;
  striped?: boolean;
  selectable?: boolean;
  tableProps?: Record<string, string | number>;
}) {
  const { t } = useT();
  const { current, size, setCurrent, setSize } = list;
  const paging = current !== undefined && size !== undefined && setCurrent && setSize ? { current, size, setCurrent, setSize } : null;
  return (
    <TableCard
      {...card}
      loading={list.loading}
      pager={paging ? { testId: `${testId}-pager`, total: list.page.total, paging } : undefined}
      tools={
        <>
          {create ? (
            <Authorized all={[create.permission]}>
              <ToolButton primary icon="plus" text={t('admin.create')} onClick={create.onClick} testId={`${testId}-create`} />
            </Authorized>
          ) : null}
          {tools}
          <RefreshButton onClick={list.reload} testId={`${testId}-refresh`} title={refreshTitle} />
        </>
      }
    >
      <ListTable
        testId={tableTestId}
        columns={columns}
        rows={list.page.list}
        rowKey={rowKey}
        rowProps={(row) => ({ 'data-testid': `${testId}-row`, 'data-id': rowKey(row), ...rowProps?.(row) })}
        empty={{ text: emptyText ?? t('common.empty'), testId: `${testId}-empty`, icon: emptyIcon }}
        striped={striped}
        selectable={selectable}
        tableProps={tableProps}
      />
    </TableCard>
  );
}

/** A plain checkbox choosing a row (or, in the header, every row); browser tests click its test id. */
export function RowCheck({ checked, disabled, label, testId, onValue }: { checked: boolean; disabled?: boolean; label: string; testId: string; onValue: (on: boolean) => void }) {
  return <input type="checkbox" className="sf-check" checked={checked} disabled={disabled} aria-label={label} data-testid={testId} onChange={(e) => onValue(e.target.checked)} />;
}

/** The last column of a list: a row's buttons, shown to those granted `permission` (`null`: to whoever sees the list). */
export function actionsColumn<T>(title: string, permission: string | null, cell: (row: T) => ReactNode): Column<T> {
  return { title, narrow: true, props: { singleLine: true }, cell: permission === null ? cell : (row) => <Authorized all={[permission]}>{cell(row)}</Authorized> };
}

/**
 * The filters of a list: those being typed (`filters`) and those applied (`applied`); `search` applies the typed ones,
 * `choose` sets and applies at once (a choice), `reset` clears both. `onApply` runs on each (a pager back to page 1).
 */
export function useFilters<F>(none: F, onApply: () => void = () => undefined) {
  const [filters, setFilters] = useState<F>(none);
  const [applied, setApplied] = useState<F>(none);
  return {
    filters,
    applied,
    set: <K extends keyof F>(key: K, value: F[K]) => setFilters((f) => ({ ...f, [key]: value })),
    search: () => {
      setApplied({ ...filters });
      onApply();
    },
    choose: (next: Partial<F>) => {
      setFilters((f) => ({ ...f, ...next }));
      setApplied((a) => ({ ...a, ...next }));
      onApply();
    },
    reset: () => {
      setFilters(none);
      setApplied(none);
      onApply();
    },
  };
}
