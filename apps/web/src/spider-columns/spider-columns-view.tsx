import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Label, Message, Table } from 'semantic-ui-react';
import { formatSchoolTime, SPIDER_PAGE, type SpiderColumn } from '@schoolflow/contracts';
import { tabsStore } from '../layout/tabs-store.js';
import { useStore } from '../util/store.js';
import type { ViewProps } from '../router/view-props.js';
import { kindLabel } from '../publishing/use-publishing-t.js';
import { useDialogTarget } from '../util/use-disclosure.js';
import { ColumnDetail } from './column-detail.js';
import { ColumnForm, type ColumnDraft, columnDraft, newColumnDraft } from './column-form.js';
import { useColumns } from './use-columns.js';
import { useSpiderT } from './use-spider-t.js';

const at = (iso: string): string => formatSchoolTime(Date.parse(iso), Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The column shown (`?id=`): this page's query while shown, its tab's own while kept in the background. */
function useOpenColumn(active: boolean): string | null {
  const location = useLocation();
  const tabs = useStore(tabsStore);
  const own = tabs.find((t) => t.path === SPIDER_PAGE.url)?.search ?? '';
  return new URLSearchParams(active && location.pathname === SPIDER_PAGE.url ? location.search : own).get('id') || null;
}

/**
 * 栏目采集 (`/spiderColumn`; docs/product/publishing.md#columns-from-other-sites): the columns collected from other
 * sites, the form with its dry run, and a column's runs and items to publish or ignore (`?id=`). Everything needs
 * spider:manage, which the server checks.
 */
export default function SpiderColumnsView({ active }: ViewProps) {
  const { c } = useSpiderT();
  const columns = useColumns(active);
  const { target: form, open: openForm, close: closeForm } = useDialogTarget<ColumnDraft>();
  const navigate = useNavigate();
  const open = useOpenColumn(active);
  const setOpen = (id: string | null) => void navigate(id ? `${SPIDER_PAGE.url}?id=${encodeURIComponent(id)}` : SPIDER_PAGE.url);
  const interval = (col: SpiderColumn) => (col.intervalHours === null ? c('intervals.manual') : c('intervals.hours', { n: col.intervalHours }));
  return (
    <div className="sf-spider" data-testid="spider-page">
      <Message info size="small">
        {c('page.intro')}
      </Message>
      {open ? (
        <ColumnDetail id={open} onBack={() => setOpen(null)} onEdit={(col) => openForm(columnDraft(col))} />
      ) : (
        <>
          <Button primary icon="plus" content={c('list.create')} onClick={() => openForm(newColumnDraft())} data-testid="spider-create" />
          <Table celled compact data-testid="spider-columns">
            <Table.Header>
              <Table.Row>
                {(['name', 'source', 'publishAs', 'mode', 'interval', 'lastRun', 'pending'] as const).map((k) => (
                  <Table.HeaderCell key={k}>{c(`list.${k}`)}</Table.HeaderCell>
                ))}
                <Table.HeaderCell />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(columns.data ?? []).map((col) => (
                <Table.Row key={col.id} data-testid="spider-column" disabled={!col.enabled && false}>
                  <Table.Cell>
                    {col.name} {col.enabled ? null : <Label size="mini">{c('list.disabled')}</Label>}
                  </Table.Cell>
                  <Table.Cell className="sf-spider-url">{col.sourceUrl}</Table.Cell>
                  <Table.Cell>{kindLabel(col.kind)}</Table.Cell>
                  <Table.Cell>{c(`modes.${col.mode}`)}</Table.Cell>
                  <Table.Cell>{interval(col)}</Table.Cell>
                  <Table.Cell>{col.lastRun ? `${at(col.lastRun.startedAt)} · ${c(`runStates.${col.lastRun.state}`)}` : c('list.never')}</Table.Cell>
                  <Table.Cell>{col.pending}</Table.Cell>
                  <Table.Cell collapsing>
                    <Button size="mini" content={c('list.open')} onClick={() => setOpen(col.id)} data-testid="spider-open" />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          {columns.data && columns.data.length === 0 ? <Message data-testid="spider-empty">{c('list.empty')}</Message> : null}
        </>
      )}
      {form ? <ColumnForm draft={form} onClose={closeForm} /> : null}
    </div>
  );
}
