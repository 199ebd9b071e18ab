import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { surveysText } from '../manage/use-manage-t.js';

/** ECharts, loaded the first time a chart is drawn (a chunk of its own). */
const loadECharts = () => import('./echarts-setup.js');

/** One question's chart: ECharts fetched on first use, the option replaced whole on change, following its box's width. */
export function ResultsChart({ option, testId, height = 260 }: { option: EChartsCoreOption; testId: string; height?: number }) {
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
    <div className="sf-survey-chart" data-testid={testId} data-ready={ready ? 'true' : 'false'}>
      {ready ? null : <div className="sf-survey-chart-loading">{surveysText('results.page.chartLoading')}</div>}
      <div ref={box} style={{ height }} />
    </div>
  );
}
