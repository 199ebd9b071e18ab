import { type MouseEvent, type ReactNode } from 'react';
import { Icon, Label } from 'semantic-ui-react';
import type { MessageRow } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { FilterCard, FilterInput, FilterSelect, ListCard, RowCheck, ToolButton, useFilters, type Column } from '../components/list-page.js';
import { usePaging } from '../components/pager.js';
import { useT } from '../i18n/use-t.js';
import { useMarkAllRead, useMarkRead } from './use-mark-read.js';
import { useMessageTypeList, useMessageTypes } from './message-types.js';
import { useMessageList } from './use-message-list.js';
import { useOpenMessage } from './use-open-message.js';
import { toast } from '../util/toast.js';
import { useSelection } from '../util/use-selection.js';

type Status = '' | '0' | '1';
interface Filters {
  title: string;
  type: string;
  status: Status;
}
const NO_FILTERS: Filters = { title: '', type: '', status: '' };
const stop = (e: MouseEvent) => e.stopPropagation();

/** The inbox of the message centre (messageCenter/xxzx): every message of mine, filtered by type, status and title; read state kept live. */
export function InboxList({ active, header }: { active: boolean; header?: ReactNode }) {
  const { t, lang } = useT();
  const types = useMessageTypeList();
  const typeName = useMessageTypes();
  const paging = usePaging();
  const openMessage = useOpenMessage();
  const { mutateAsync: markRead } = useMarkRead();
  const { mutateAsync: markAllRead } = useMarkAllRead();
  const { current, size, setCurrent } = paging;
  const { filters, applied, set, search, reset, choose } = useFilters(NO_FILTERS, () => setCurrent(1));
  const list = useMessageList({ page: current, size, title: applied.title.trim() || undefined, type: applied.type || undefined, status: applied.status || undefined }, active);
  const { page } = list;
  const rows = page.result;
  const unreadRows = rows.filter((m) => m.MESSAGE_STATUS === '0');
  // the unread rows ticked: a row read or gone leaves the selection
  const selection = useSelection(unreadRows.map((m) => m.MESSAGE_ID));
  const { selected } = selection;

  const readSelected = async () => {
    if (selected.size === 0) {
      toast.warning(t('messages.noSelection'));
      return;
    }
    try {
      await markRead([...selected]);
      selection.clear();
      toast.success(t('messages.markedRead'));
    } catch (err) {
      reportError(err);
    }
  };
  const readAll = async () => {
    try {
      await markAllRead();
      selection.clear();
      toast.success(t('messages.allMarkedRead'));
    } catch (err) {
      reportError(err);
    }
  };


  const columns: Column<MessageRow>[] = [
    {
      title: <RowCheck checked={selection.all} disabled={unreadRows.length === 0} label={t('tasks.selectAll')} testId="message-select-all" onValue={selection.toggleAll} />,
      narrow: true,
      props: { onClick: stop },
      cell: (m) => <RowCheck checked={selection.has(m.MESSAGE_ID)} disabled={m.MESSAGE_STATUS !== '0'} label={t('tasks.selectRow')} testId="message-select" onValue={(on) => selection.toggle(m.MESSAGE_ID, on)} />,
    },
    {
      title: t('messages.status'),
      narrow: true,
      props: { singleLine: true },
      cell: (m) => (
        <Label size="tiny" color={m.MESSAGE_STATUS === '0' ? 'red' : undefined} basic={m.MESSAGE_STATUS !== '0'}>
          {m.MESSAGE_STATUS === '0' ? t('messages.statuses.unread') : t('messages.statuses.read')}
        </Label>
      ),
    },
    { title: t('messages.type'), narrow: true, props: { singleLine: true }, cell: (m) => typeName(m.MESSAGE_TYPE) },
    {
      title: t('messages.title'),
      cell: (m) => (
        <>
          <div className="sf-message-title">
            {m.MESSAGE_TITLE}
            {m.MESSAGE_LINK ? <Icon name="external alternate" size="small" title={t('messages.hasLink')} /> : null}
          </div>
          <div className="sf-sub sf-message-snippet">{m.MESSAGE_CONTENT}</div>
        </>
      ),
    },
    { title: t('messages.time'), narrow: true, props: { singleLine: true }, cell: (m) => m.CREATE_TIME },
  ];

  return (
    <div className="sf-page sf-message-center" data-testid="message-center">
      {header}
      <FilterCard testId="message-search" onSearch={search} onReset={reset}>
        <FilterInput id="message-title" testId="message-filter-title" label={t('messages.title')} value={filters.title} maxLength={100} placeholder={t('messages.titlePlaceholder')} onValue={(title) => set('title', title)} />
        <FilterSelect
          id="message-type"
          testId="message-filter-type"
          label={t('messages.type')}
          value={filters.type}
          all={t('messages.allTypes')}
          options={types.map((d) => ({ value: d.code, text: lang === 'en' ? d.nameEn || d.name : d.name }))}
          onValue={(type) => choose({ type })}
        />
        <FilterSelect
          id="message-status"
          testId="message-filter-status"
          label={t('messages.status')}
          value={filters.status}
          all={t('messages.allStatuses')}
          options={[
            { value: '0', text: t('messages.statuses.unread') },
            { value: '1', text: t('messages.statuses.read') },
          ]}
          onValue={(v) => choose({ status: v === '0' || v === '1' ? v : '' })}
        />
      </FilterCard>

      <ListCard
        testId="message"
        icon="envelope outline"
        title={t('messages.centerTitle')}
        sub={
          <span className="sf-card-sub" data-testid="message-unread-total">
            {t('messages.unreadCount', { n: page.count.UNREAD })}
          </span>
        }
        list={{ page: { total: page.count.COUNT, list: rows }, loading: list.loading, reload: list.reload, ...paging }}
        toolsClass="sf-card-tools"
        tools={
          <>
            <ToolButton icon="check" text={t('messages.markRead')} disabled={selected.size === 0} onClick={() => void readSelected()} testId="message-mark-read" />
            <ToolButton basic primary icon="check circle outline" text={t('messages.markAllRead')} disabled={page.count.UNREAD === 0} onClick={() => void readAll()} testId="message-mark-all-read" />
          </>
        }
        tableTestId="message-list"
        striped={false}
        selectable
        columns={columns}
        rowKey={(m) => m.MESSAGE_ID}
        rowProps={(m) => ({ className: `sf-clickable ${m.MESSAGE_STATUS === '0' ? 'sf-unread' : ''}`, 'data-status': m.MESSAGE_STATUS, 'data-type': m.MESSAGE_TYPE, onClick: () => openMessage(m) })}
        emptyText={t('messages.listEmpty')}
        emptyIcon="envelope open outline"
      />
    </div>
  );
}
