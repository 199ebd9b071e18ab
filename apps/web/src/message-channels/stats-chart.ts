import type { ChannelStats } from '@schoolflow/contracts';
import type { EChartsCoreOption } from 'echarts/core';

export interface StatsLabels {
  sent: string;
  read: string;
  failed: string;
}

/** Per day of the period: messages sent, read and deliveries failed, over every type (or the one given). */
export function dailyTotals(stats: ChannelStats, type = ''): { day: string; sent: number; read: number; failed: number }[] {
  const byDay = new Map(stats.days.map((day) => [day, { day, sent: 0, read: 0, failed: 0 }]));
  for (const r of stats.rows) {
    const d = byDay.get(r.day);
    if (!d || (type && r.type !== type)) continue;
    d.sent += r.sent;
    d.read += r.read;
    d.failed += r.failed;
  }
  return [...byDay.values()];
}

/** Per type over the period: the totals of the table below the chart, types in the order first seen. */
export function typeTotals(stats: ChannelStats): { type: string; sent: number; read: number; failed: number }[] {
  const byType = new Map<string, { type: string; sent: number; read: number; failed: number }>();
  for (const r of stats.rows) {
    const t = byType.get(r.type) ?? { type: r.type, sent: 0, read: 0, failed: 0 };
    t.sent += r.sent;
    t.read += r.read;
    t.failed += r.failed;
    byType.set(r.type, t);
  }
  return [...byType.values()];
}

/** The chart: a bar per day for sent and read, and a line of failed deliveries. */
export function statsChartOption(stats: ChannelStats, labels: StatsLabels, type = ''): EChartsCoreOption {
  const days = dailyTotals(stats, type);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, left: 'center', data: [labels.sent, labels.read, labels.failed] },
    grid: { left: 48, right: 20, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: labels.sent, type: 'bar', data: days.map((d) => d.sent), itemStyle: { color: '#2F5ABB' } },
      { name: labels.read, type: 'bar', data: days.map((d) => d.read), itemStyle: { color: '#32833a' } },
      { name: labels.failed, type: 'line', data: days.map((d) => d.failed), itemStyle: { color: '#db2828' } },
    ],
  };
}
