import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { gradesText } from '../use-grades-t.js';

/** ECharts, loaded the first time a chart is drawn (a chunk of its own). */
const loadECharts = () => import('./echarts-setup.js');

/**
 * One chart. ECharts is fetched on first use; the option is replaced whole on every change (a kind's charts differ
 * in series, so nothing of the previous one may linger), and the chart follows its box's width.
 */
export function AnalysisChart({ option, testId, height = 340 }: { option: EChartsCoreOption; testId: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let gone = false;
    let observer: ResizeObserver | undefined;
    void loadECharts().then(({ init }) => {
      if (gone || !box.current) return;
      chart.current = init(box.current);
      observer = new ResizeObserver(() => chart.current?.resize());
      observer.observe(box.current);
      setReady(true);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready) chart.current?.setOption(option, { notMerge: true });
  }, [ready, option]);

  return (
    <div className="sf-analysis-chart" data-testid={testId} data-ready={ready ? 'true' : 'false'}>
      {ready ? null : <div className="sf-analysis-chart-loading">{gradesText('analysis.chart.loading')}</div>}
      <div ref={box} style={{ height }} />
    </div>
  );
}
