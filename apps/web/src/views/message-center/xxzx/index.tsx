import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, Form, Icon, Label, Segment, Table } from 'semantic-ui-react';
import type { MessageRow } from '@schoolflow/contracts';
import { isCancelled, reportError } from '../../../api/http.js';
import { messageApi, type MessagePage } from '../../../api/message-api.js';
import { EmptyState } from '../../../components/empty-state.js';
import { Pager, usePaging } from '../../../components/pager.js';
import { useT } from '../../../i18n/use-t.js';
import { markAllRead, markRead, messagesVersion, openMessage } from '../../../messages/message-store.js';
import { useMessageTypeList, useMessageTypes } from '../../../messages/message-types.js';
import { useRealtime } from '../../../realtime/use-realtime.js';
import type { ViewProps } from '../../../router/view-registry.js';
import { useStore } from '../../../util/store.js';
import { toast } from '../../../util/toast.js';

type Status = '' | '0' | '1';
interface Filters {
  title: string;
  type: string;
  status: Status;
}
const NO_FILTERS: Filters = { title: '', type: '', status: '' };
const stop = (e: MouseEvent) => e.stopPropagation();

/** 我的消息 (messageCenter/xxzx): every message of mine, filtered by type, status and title; read state kept live. */
export default function MessageCenterView({ active }: ViewProps) {
  const { t, lang } = useT();
  const types = useMessageTypeList();
  const typeName = useMessageTypes();
  const version = useStore(messagesVersion);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const { current, size, setCurrent, setSize } = usePaging();
  const [page, setPage] = useState<MessagePage>({ count: { COUNT: 0, UNREAD: 0 }, result: [] });
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const ctrl = useRef<AbortController | null>(null);

  const load = useCallback(
    async (quiet = false) => {
      ctrl.current?.abort();
      const c = new AbortController();
      ctrl.current = c;
      if (!quiet) setLoading(true);
      try {
        const next = await messageApi.list(
          { page: current, size, title: applied.title.trim() || undefined, type: applied.type || undefined, status: applied.status || undefined },
          c.signal,
        );
        setPage(next);
        setSelected((s) => new Set([...s].filter((id) => next.result.some((m) => m.MESSAGE_ID === id && m.MESSAGE_STATUS === '0'))));
      } catch (err) {
        if (isCancelled(err)) return;
        reportError(err);
        setPage({ count: { COUNT: 0, UNREAD: 0 }, result: [] });
      } finally {
        if (ctrl.current === c) setLoading(false);
      }
    },
    [current, size, applied],
  );

  // Reload when shown, when the query changes, and when messages were read elsewhere (bell, dialog).
  useEffect(() => {
    if (active) void load(version > 0);
  }, [active, load, version]);
  useEffect(() => () => ctrl.current?.abort(), []);
  const live = () => {
    if (active) void load(true);
  };
  useRealtime('message.created', live, live);

  const rows = page.result;
  const unreadRows = rows.filter((m) => m.MESSAGE_STATUS === '0');
  const allChecked = unreadRows.length > 0 && unreadRows.every((m) => selected.has(m.MESSAGE_ID));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const readSelected = async () => {
    if (selected.size === 0) {
      toast.warning(t('messages.noSelection'));
      return;
    }
    try {
      await markRead([...selected]);
      setSelected(new Set());
      toast.success(t('messages.markedRead'));
    } catch (err) {
      reportError(err);
    }
  };
  const readAll = async () => {
    try {
      await markAllRead();
      setSelected(new Set());
      toast.success(t('messages.allMarkedRead'));
    } catch (err) {
      reportError(err);
    }
  };

  const search = () => {
    setApplied({ ...filters });
    setCurrent(1);
  };
  const reset = () => {
    setFilters(NO_FILTERS);
    setApplied(NO_FILTERS);
    setCurrent(1);
  };

  return (
    <div className="sf-page sf-message-center" data-testid="message-center">
      <Segment className="sf-card sf-search-card">
        <Form onSubmit={search} className="sf-search-form" data-testid="message-search">
          <Form.Field inline>
            <label htmlFor="message-title">{t('messages.title')}</label>
            <input id="message-title" value={filters.title} maxLength={100} placeholder={t('messages.titlePlaceholder')} data-testid="message-filter-title" onChange={(e) => setFilters((f) => ({ ...f, title: e.target.value }))} />
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="message-type">{t('messages.type')}</label>
            <select
              id="message-type"
              className="ui dropdown"
              value={filters.type}
              data-testid="message-filter-type"
              onChange={(e) => {
                const type = e.target.value;
                setFilters((f) => ({ ...f, type }));
                setApplied((a) => ({ ...a, type }));
                setCurrent(1);
              }}
            >
              <option value="">{t('messages.allTypes')}</option>
              {types.map((d) => (
                <option key={d.code} value={d.code}>
                  {lang === 'en' ? d.nameEn || d.name : d.name}
                </option>
              ))}
            </select>
          </Form.Field>
          <Form.Field inline>
            <label htmlFor="message-status">{t('messages.status')}</label>
            <select
              id="message-status"
              className="ui dropdown"
              value={filters.status}
              data-testid="message-filter-status"
              onChange={(e) => {
                const status: Status = e.target.value === '0' || e.target.value === '1' ? e.target.value : '';
                setFilters((f) => ({ ...f, status }));
                setApplied((a) => ({ ...a, status }));
                setCurrent(1);
              }}
            >
              <option value="">{t('messages.allStatuses')}</option>
              <option value="0">{t('messages.statuses.unread')}</option>
              <option value="1">{t('messages.statuses.read')}</option>
            </select>
          </Form.Field>
          <div className="sf-search-actions">
            <Button primary type="submit" data-testid="message-search-submit">
              <Icon name="search" /> {t('common.search')}
            </Button>
            <Button type="button" basic onClick={reset} data-testid="message-search-reset">
              <Icon name="undo" /> {t('common.reset')}
            </Button>
          </div>
        </Form>
      </Segment>

      <Segment className="sf-card" loading={loading}>
        <div className="sf-card-head">
          <h3 className="sf-card-title">
            <Icon name="envelope outline" /> {t('messages.centerTitle')}
            <span className="sf-card-sub" data-testid="message-unread-total">
              {t('messages.unreadCount', { n: page.count.UNREAD })}
            </span>
          </h3>
          <div className="sf-card-tools">
            <Button basic size="small" disabled={selected.size === 0} onClick={() => void readSelected()} data-testid="message-mark-read">
              <Icon name="check" /> {t('messages.markRead')}
            </Button>
            <Button basic primary size="small" disabled={page.count.UNREAD === 0} onClick={() => void readAll()} data-testid="message-mark-all-read">
              <Icon name="check circle outline" /> {t('messages.markAllRead')}
            </Button>
            <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={() => void load()} data-testid="message-refresh" />
          </div>
        </div>
        <div className="sf-table-wrap">
          <Table celled compact unstackable selectable className="sf-table" data-testid="message-list">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell collapsing>
                  <input
                    type="checkbox"
                    className="sf-check"
                    checked={allChecked}
                    disabled={unreadRows.length === 0}
                    aria-label={t('tasks.selectAll')}
                    data-testid="message-select-all"
                    onChange={(e) => setSelected(e.target.checked ? new Set(unreadRows.map((m) => m.MESSAGE_ID)) : new Set())}
                  />
                </Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('messages.status')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('messages.type')}</Table.HeaderCell>
                <Table.HeaderCell>{t('messages.title')}</Table.HeaderCell>
                <Table.HeaderCell collapsing>{t('messages.time')}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.length === 0 ? (
                <Table.Row>
                  <Table.Cell colSpan={5}>
                    <EmptyState icon="envelope open outline" text={t('messages.listEmpty')} testId="message-empty" />
                  </Table.Cell>
                </Table.Row>
              ) : (
                rows.map((m: MessageRow) => {
                  const unread = m.MESSAGE_STATUS === '0';
                  return (
                    <Table.Row
                      key={m.MESSAGE_ID}
                      className={`sf-clickable ${unread ? 'sf-unread' : ''}`}
                      data-testid="message-row"
                      data-id={m.MESSAGE_ID}
                      data-status={m.MESSAGE_STATUS}
                      data-type={m.MESSAGE_TYPE}
                      onClick={() => openMessage(m)}
                    >
                      <Table.Cell onClick={stop}>
                        <input
                          type="checkbox"
                          className="sf-check"
                          checked={selected.has(m.MESSAGE_ID)}
                          disabled={!unread}
                          aria-label={t('tasks.selectRow')}
                          data-testid="message-select"
                          onChange={(e) => toggle(m.MESSAGE_ID, e.target.checked)}
                        />
                      </Table.Cell>
                      <Table.Cell singleLine>
                        <Label size="tiny" color={unread ? 'red' : undefined} basic={!unread}>
                          {unread ? t('messages.statuses.unread') : t('messages.statuses.read')}
                        </Label>
                      </Table.Cell>
                      <Table.Cell singleLine>{typeName(m.MESSAGE_TYPE)}</Table.Cell>
                      <Table.Cell>
                        <div className="sf-message-title">
                          {m.MESSAGE_TITLE}
                          {m.MESSAGE_LINK ? <Icon name="external alternate" size="small" title={t('messages.hasLink')} /> : null}
                        </div>
                        <div className="sf-sub sf-message-snippet">{m.MESSAGE_CONTENT}</div>
                      </Table.Cell>
                      <Table.Cell singleLine>{m.CREATE_TIME}</Table.Cell>
                    </Table.Row>
                  );
                })
              )}
            </Table.Body>
          </Table>
        </div>
        <Pager
          testId="message-pager"
          total={page.count.COUNT}
          current={current}
          size={size}
          onPage={setCurrent}
          onSize={setSize}
        />
      </Segment>
    </div>
  );
}
