import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card, Icon, Label, Message, Progress, type SemanticCOLORS, type SemanticICONS } from 'semantic-ui-react';
import { errorMessage, isCancelled } from '../../api/http.js';
import { useT, type Translator } from '../../i18n/use-t.js';
import type { ViewProps } from '../../router/view-props.js';
import { formatDateTime } from '../../util/date.js';
import { ParkedEvents } from './parked-events.js';
import { REFRESH_MS, useMonitor } from './use-monitor.js';
import 'semantic-ui-css/components/progress.min.css';
import '../ms/admin.css';

type Status = 'ok' | 'warn' | 'bad' | 'off';
const STATUS_COLOR: Record<Status, SemanticCOLORS> = { ok: 'green', warn: 'orange', bad: 'red', off: 'grey' };

export function formatBytes(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(n) / Math.log(1024)));
  return `${(n / 1024 ** i).toFixed(i === 0 ? 0 : 1)} ${units[i] ?? 'B'}`;
}

function formatDuration(seconds: number, t: Translator['t']): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return t('monitor.days', { d, h, m });
  if (h > 0) return t('monitor.hours', { h, m });
  return t('monitor.minutes', { m, s: s % 60 });
}

const level = (percent: number): Status => (percent >= 90 ? 'bad' : percent >= 70 ? 'warn' : 'ok');

function MonitorCard({ id, icon, title, status, children }: { id: string; icon: SemanticICONS; title: string; status: Status; children: ReactNode }) {
  return (
    <Card fluid className={`sf-monitor-card sf-status-${status}`} color={STATUS_COLOR[status]} data-testid={`monitor-card-${id}`} data-status={status}>
      <Card.Content>
        <Card.Header>
          <Icon name={icon} color={STATUS_COLOR[status]} /> {title}
        </Card.Header>
      </Card.Content>
      <Card.Content>{children}</Card.Content>
    </Card>
  );
}

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="sf-monitor-row">
      <span className="sf-monitor-label">{label}</span>
      <span className="sf-monitor-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

/** Server monitor (serverMonitor): host, process, database, Redis, queue, sockets, parked events; every 5 s while it is seen. */
export default function ServerMonitorView({ active }: ViewProps) {
  const tr = useT();
  const { t } = tr;
  const visible = usePageVisible();
  const running = active && visible;
  const monitor = useMonitor(running);
  const snap = monitor.data ?? null;
  const error = monitor.isError && !isCancelled(monitor.error) ? errorMessage(monitor.error) : '';
  const loading = monitor.isFetching;
  const load = () => void monitor.refetch();

  const memUsed = snap ? snap.host.memTotal - snap.host.memFree : 0;
  const memPercent = snap && snap.host.memTotal > 0 ? Math.round((memUsed / snap.host.memTotal) * 100) : 0;
  const cpuPercent = snap ? Math.round(snap.host.cpuPercent) : 0;
  const heapPercent = snap && snap.process.heapTotal > 0 ? Math.round((snap.process.heapUsed / snap.process.heapTotal) * 100) : 0;
  const redisStatus: Status = !snap ? 'off' : snap.redis.status === 'up' ? 'ok' : snap.redis.status === 'down' ? 'bad' : 'off';
  const statusLabel = (s: 'up' | 'down' | 'not-configured') => (s === 'up' ? t('monitor.up') : s === 'down' ? t('monitor.down') : t('monitor.notConfigured'));

  return (
    <div className="sf-page sf-admin sf-monitor" data-testid="monitor-view" data-running={running ? '1' : '0'}>
      <div className="sf-card-head sf-monitor-head">
        <h3 className="sf-card-title">
          <Icon name="server" /> {t('monitor.title')}
        </h3>
        <div className="sf-toolbar">
          <Label basic color={running ? 'green' : 'grey'} data-testid="monitor-state">
            <Icon name={running ? 'sync' : 'pause'} loading={running && loading} /> {running ? t('monitor.refreshing') : t('monitor.paused')}
          </Label>
          {snap ? (
            <span className="sf-hint" data-testid="monitor-updated">
              {t('monitor.updatedAt', { time: formatDateTime(snap.at) })}
            </span>
          ) : null}
          <Button basic size="small" icon="refresh" title={t('common.refresh')} aria-label={t('common.refresh')} onClick={load} data-testid="monitor-refresh" />
        </div>
      </div>
      {error ? <Message negative icon="warning sign" header={t('monitor.loadFailed')} content={error} data-testid="monitor-error" /> : null}
      {snap ? (
        <Card.Group itemsPerRow={4} stackable doubling>
          <MonitorCard id="cpu" icon="microchip" title={t('monitor.cpu')} status={level(cpuPercent)}>
            <Progress percent={cpuPercent} progress size="small" color={STATUS_COLOR[level(cpuPercent)]} label={t('monitor.cpuPercent')} data-testid="monitor-cpu-percent" />
            <Row label={t('monitor.cpus')} value={snap.host.cpus} />
            <Row label={t('monitor.load')} value={snap.host.load.map((l) => l.toFixed(2)).join(' / ')} testId="monitor-load" />
            <Row label={t('monitor.platform')} value={snap.host.platform} />
          </MonitorCard>
          <MonitorCard id="memory" icon="database" title={t('monitor.memory')} status={level(memPercent)}>
            <Progress percent={memPercent} progress size="small" color={STATUS_COLOR[level(memPercent)]} data-testid="monitor-mem-percent" />
            <Row label={t('monitor.memUsed')} value={formatBytes(memUsed)} />
            <Row label={t('monitor.memFree')} value={formatBytes(snap.host.memFree)} />
            <Row label={t('monitor.memTotal')} value={formatBytes(snap.host.memTotal)} />
          </MonitorCard>
          <MonitorCard id="uptime" icon="clock outline" title={t('monitor.uptime')} status="ok">
            <Row label={t('monitor.hostUptime')} value={formatDuration(snap.host.uptimeSeconds, t)} testId="monitor-host-uptime" />
            <Row label={t('monitor.processUptime')} value={formatDuration(snap.process.uptimeSeconds, t)} testId="monitor-process-uptime" />
          </MonitorCard>
          <MonitorCard id="process" icon="cogs" title={t('monitor.process')} status={level(heapPercent)}>
            <Row label={t('monitor.pid')} value={snap.process.pid} />
            <Row label={t('monitor.rss')} value={formatBytes(snap.process.rss)} />
            <Row label={t('monitor.heap')} value={`${formatBytes(snap.process.heapUsed)} / ${formatBytes(snap.process.heapTotal)}`} />
            <Row label={t('monitor.node')} value={snap.process.node} />
            <Row label={t('monitor.version')} value={snap.process.version} />
          </MonitorCard>
          <MonitorCard id="database" icon="database" title={t('monitor.database')} status={snap.database.status === 'up' ? (snap.database.latencyMs > 500 ? 'warn' : 'ok') : 'bad'}>
            <Row label={t('monitor.status')} value={<Label size="tiny" color={snap.database.status === 'up' ? 'green' : 'red'} content={statusLabel(snap.database.status)} />} testId="monitor-database-status" />
            <Row label={t('monitor.serverVersion')} value={snap.database.version} />
            <Row label={t('monitor.dbSize')} value={formatBytes(snap.database.sizeBytes)} />
            <Row label={t('monitor.connections')} value={snap.database.connections} />
            <Row label={t('monitor.latency')} value={`${snap.database.latencyMs} ms`} />
          </MonitorCard>
          <MonitorCard id="redis" icon="bolt" title={t('monitor.redis')} status={redisStatus}>
            <Row label={t('monitor.status')} value={<Label size="tiny" color={STATUS_COLOR[redisStatus]} content={statusLabel(snap.redis.status)} />} testId="monitor-redis-status" />
            {snap.redis.status !== 'not-configured' ? (
              <>
                <Row label={t('monitor.serverVersion')} value={snap.redis.version} />
                <Row label={t('monitor.usedMemory')} value={formatBytes(snap.redis.usedMemory)} />
                <Row label={t('monitor.latency')} value={`${snap.redis.latencyMs} ms`} />
              </>
            ) : null}
          </MonitorCard>
          <MonitorCard id="queue" icon="tasks" title={t('monitor.queue')} status={snap.queue.failed > 0 ? 'warn' : 'ok'}>
            <Row label={t('monitor.mode')} value={t(`monitor.modes.${snap.queue.mode === 'redis' ? 'redis' : 'in-process'}`)} />
            <Row label={t('monitor.waiting')} value={snap.queue.waiting} />
            <Row label={t('monitor.delayed')} value={snap.queue.delayed} />
            <Row label={t('monitor.active')} value={snap.queue.active} />
            <Row label={t('monitor.failed')} value={snap.queue.failed} testId="monitor-queue-failed" />
          </MonitorCard>
          <MonitorCard id="sockets" icon="plug" title={t('monitor.sockets')} status="ok">
            <div className="sf-monitor-big" data-testid="monitor-sockets">
              {snap.realtime.sockets}
            </div>
            <div className="sf-hint">{t('monitor.socketCount')}</div>
          </MonitorCard>
        </Card.Group>
      ) : null}
      <ParkedEvents running={running} refreshMs={REFRESH_MS} />
    </div>
  );
}
