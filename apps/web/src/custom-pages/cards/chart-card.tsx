import { useMemo } from 'react';
import type { ChartSource } from '@schoolflow/contracts';
import { EChart } from '../../components/charts/echarts-chart.js';
import { useChartSource } from '../use-chart-source.js';
import { usePagesT } from '../use-pages-t.js';

/** A chart card: its named server source drawn by ECharts (fetched only when a page shows a chart). */
export function ChartCard({ source, chartType, height, active }: { source: ChartSource; chartType: 'bar' | 'line'; height: number; active: boolean }) {
  const { pg } = usePagesT();
  const data = useChartSource(source, active);
  const option = useMemo(
    () => ({
      grid: { left: 32, right: 12, top: 16, bottom: 24 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: (data.data?.labels ?? []).map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: chartType, name: pg(`sources.${source}`), data: data.data?.values ?? [] }],
    }),
    [data.data, chartType, source, pg],
  );
  return <EChart option={option} testId="cp-chart" height={Math.max(height, 80)} className="sf-cp-chart" loading={pg('view.noData')} />;
}
