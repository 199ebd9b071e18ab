import { Link } from 'react-router-dom';
import { Button, Icon, Label, Segment } from 'semantic-ui-react';
import { type ParkedEventRow, Permission } from '@schoolflow/contracts';
import { errorMessage, reportError } from '../../api/http.js';
import { actionsColumn, type Column, CardHead, ListTable } from '../../components/list-page.js';
import { useT } from '../../i18n/use-t.js';
import { formatDateTime } from '../../util/date.js';
import { toast } from '../../util/toast.js';
import { detailPath, eventLabel, flowLabel } from '../../workflow/labels.js';
import { useParkedEvents } from './use-parked-events.js';
import { useReplayParkedEvent } from './use-replay-parked-event.js';

/**
 * The events the subscriptions parked (docs/adr/0027): each with the flow and the instance it belongs to, its error and
 * its tries, and 重放 — the subscription runs it again; one whose cause is still there fails again and says so.
 */
export function ParkedEvents({ running, refreshMs }: { running: boolean; refreshMs: number }) {
  const { t, lang } = useT();
  const parked = useParkedEvents(running, refreshMs);
  const replay = useReplayParkedEvent();
  const rows = parked.data ?? [];
  const label = (type: string) => {
    const text = eventLabel(type, lang);
    return text.startsWith('workflow.event.') ? type : `${text} (${type})`;
  };

  const run = async (r: ParkedEventRow) => {
    try {
      toast.success(await replay.mutateAsync({ subscription: r.subscription, position: r.position }));
    } catch (err) {
      reportError(err);
    }
  };

  const columns: Column<ParkedEventRow>[] = [
    { title: t('monitor.parked.subscription'), narrow: true, props: { singleLine: true }, cell: (r) => <code>{r.subscription}</code> },
    { title: t('monitor.parked.flow'), narrow: true, props: { singleLine: true }, cell: (r) => (r.flow ? flowLabel(r.flow, lang) : r.streamType) },
    {
      title: t('monitor.parked.instance'),
      narrow: true,
      props: { singleLine: true },
      cell: (r) =>
        r.flow && r.instanceId ? (
          <Link to={detailPath(r.flow, r.instanceId)} data-testid="parked-instance">
            {r.instanceId.slice(0, 8)}
          </Link>
        ) : (
          <code>{r.streamId}</code>
        ),
    },
    { title: t('monitor.parked.event'), narrow: true, props: { singleLine: true }, cell: (r) => <span data-testid="parked-event-type">{label(r.eventType)}</span> },
    {
      title: t('monitor.parked.error'),
      cell: (r) => (
        <span className="sf-monitor-error" data-testid="parked-error">
          <Label size="tiny" color="red" basic>
            {r.errorCode}
          </Label>{' '}
          {r.error}
        </span>
      ),
    },
    { title: t('monitor.parked.attempts'), narrow: true, props: { textAlign: 'right' }, cell: (r) => <span data-testid="parked-attempts">{r.attempts}</span> },
    { title: t('monitor.parked.firstFailedAt'), narrow: true, props: { singleLine: true }, cell: (r) => formatDateTime(r.firstFailedAt) },
    { title: t('monitor.parked.lastFailedAt'), narrow: true, props: { singleLine: true }, cell: (r) => formatDateTime(r.lastFailedAt) },
    actionsColumn('', Permission.monitorReplay, (r) => (
        <Button
          size="mini"
          basic
          primary
          disabled={!r.replayable || replay.isPending}
          loading={replay.isPending && replay.variables?.position === r.position && replay.variables.subscription === r.subscription}
          title={r.replayable ? undefined : t('monitor.parked.notHere')}
          onClick={() => void run(r)}
          data-testid="parked-replay"
        >
          <Icon name="redo" /> {t('monitor.parked.replay')}
        </Button>
    )),
  ];

  return (
    <Segment className="sf-card sf-monitor-parked" loading={parked.isLoading} data-testid="monitor-parked">
      <CardHead
        icon="pause circle outline"
        title={t('monitor.parked.title')}
        sub={rows.length > 0 ? <Label size="small" color="orange" circular content={rows.length} data-testid="parked-count" /> : null}
      />
      <p className="sf-hint">{t('monitor.parked.hint')}</p>
      {parked.error ? <div className="sf-hint sf-error-text">{`${t('monitor.parked.loadFailed')}: ${errorMessage(parked.error)}`}</div> : null}
      <ListTable
        testId="parked-table"
        columns={columns}
        rows={rows}
        rowKey={(r) => `${r.subscription}:${r.position}`}
        rowProps={(r) => ({ 'data-testid': 'parked-row', 'data-position': r.position, 'data-subscription': r.subscription })}
        empty={{ text: t('monitor.parked.empty'), testId: 'parked-empty', icon: 'check circle outline' }}
      />
    </Segment>
  );
}
