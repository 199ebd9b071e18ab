import { Fragment, useState } from 'react';
import { Button, Label, List } from 'semantic-ui-react';
import { CHANNELS, DELIVERY_STATES, type DeliveryRow, type DeliveryState } from '@schoolflow/contracts';
import { reportError } from '../api/http.js';
import { FilterCard, FilterSelect, ListCard, type Column, useFilters } from '../components/list-page.js';
import { usePaging } from '../components/pager.js';
import { useMessageTypes } from '../messages/message-types.js';
import type { ViewProps } from '../router/view-props.js';
import { toast } from '../util/toast.js';
import { useDeliveries } from './use-deliveries.js';
import { useRetryDelivery } from './use-retry-delivery.js';
import { useChannelsT } from './use-channels-t.js';

const STATE_COLOURS: Record<DeliveryState, 'grey' | 'blue' | 'green' | 'red'> = { pending: 'grey', sending: 'blue', sent: 'green', failed: 'red' };

interface Filters {
  channel: string;
  state: string;
}
const NO_FILTERS: Filters = { channel: '', state: '' };

/** 消息监控 (messageCenter/xxjk): deliveries by channel and state, each try listed; a failed one retried. Polled while open (docs/adr/0041-message-channels.md#monitoring). */
export default function MonitorView({ active }: ViewProps) {
  const { c } = useChannelsT();
  const typeName = useMessageTypes();
  const paging = usePaging(20);
  const { filters, applied, search, reset, choose } = useFilters(NO_FILTERS, () => paging.setCurrent(1));
  const list = useDeliveries({ ...applied, current: paging.current, size: paging.size }, active);
  const retry = useRetryDelivery();
  const [open, setOpen] = useState<string | null>(null);

  const retryOne = async (id: string) => {
    try {
      toast.success(await retry.mutateAsync(id));
    } catch (err) {
      reportError(err);
    }
  };

  const columns: Column<DeliveryRow>[] = [
    { title: c('monitor.channel'), narrow: true, props: { singleLine: true }, cell: (d) => c(`channels.${d.channel}`) },
    {
      title: c('monitor.state'),
      narrow: true,
      props: { singleLine: true },
      cell: (d) => (
        <Label size="tiny" color={STATE_COLOURS[d.state]} data-testid="delivery-state">
          {c(`states.${d.state}`)}
        </Label>
      ),
    },
    { title: c('monitor.type'), narrow: true, props: { singleLine: true }, cell: (d) => typeName(d.type) },
    {
      title: c('monitor.title'),
      cell: (d) => (
        <>
          <div data-testid="delivery-title">{d.title}</div>
          {open === d.id ? (
            <List size="small" className="sf-delivery-history" data-testid="delivery-history">
              {d.history.map((a) => (
                <List.Item key={a.attempt} data-testid="delivery-attempt" data-ok={a.ok ? 'true' : 'false'}>
                  <Label size="mini" color={a.ok ? 'green' : 'red'} basic>
                    {c('monitor.attempt', { n: a.attempt })} · {a.ok ? c('monitor.ok') : c('monitor.failedAttempt')}
                  </Label>{' '}
                  {a.at} · {a.durationMs} ms{a.error ? <span className="sf-sub"> · {a.error}</span> : null}
                </List.Item>
              ))}
            </List>
          ) : null}
        </>
      ),
    },
    {
      title: c('monitor.recipient'),
      cell: (d) => (
        <>
          <div>{d.recipient}</div>
          <div className="sf-sub">{d.address}</div>
        </>
      ),
    },
    {
      title: c('monitor.attempts'),
      narrow: true,
      props: { singleLine: true },
      cell: (d) => (
        <Button basic size="mini" onClick={() => setOpen(open === d.id ? null : d.id)} data-testid="delivery-attempts" title={c('monitor.history')}>
          {d.attempts} / {d.maxAttempts}
        </Button>
      ),
    },
    { title: c('monitor.lastError'), cell: (d) => <span className="sf-sub">{d.state === 'sent' ? '' : (d.lastError ?? '')}</span> },
    {
      title: c('monitor.createdAt'),
      narrow: true,
      props: { singleLine: true },
      cell: (d) => (
        <Fragment>
          <div>{d.createdAt}</div>
          {d.sentAt ? <div className="sf-sub">{d.sentAt}</div> : null}
        </Fragment>
      ),
    },
    {
      title: '',
      narrow: true,
      props: { singleLine: true },
      cell: (d) =>
        d.state === 'failed' ? (
          <Button size="mini" color="orange" icon="redo" content={c('monitor.retry')} loading={retry.isPending && retry.variables === d.id} onClick={() => void retryOne(d.id)} data-testid="delivery-retry" />
        ) : null,
    },
  ];

  return (
    <div className="sf-page" data-testid="channels-monitor">
      <FilterCard testId="delivery-search" onSearch={search} onReset={reset}>
        <FilterSelect id="delivery-channel" label={c('monitor.channel')} value={filters.channel} all={c('monitor.allChannels')} options={CHANNELS.map((ch) => ({ value: ch, text: c(`channels.${ch}`) }))} onValue={(channel) => choose({ channel })} />
        <FilterSelect id="delivery-state" label={c('monitor.state')} value={filters.state} all={c('monitor.allStates')} options={DELIVERY_STATES.map((s) => ({ value: s, text: c(`states.${s}`) }))} onValue={(state) => choose({ state })} />
      </FilterCard>
      <ListCard
        testId="deliveries"
        list={{ page: list.data ?? { total: 0, list: [] }, loading: list.isFetching, reload: () => void list.refetch(), ...paging }}
        columns={columns}
        rowKey={(d) => d.id}
        emptyText={c('monitor.empty')}
        title={c('page.monitor')}
        icon="heartbeat"
      />
    </div>
  );
}
