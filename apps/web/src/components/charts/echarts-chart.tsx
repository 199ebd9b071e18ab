import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';

/** ECharts, loaded the first time a chart is drawn (a chunk of its own). */
const loadECharts = () => import('./echarts-setup.js');

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * One chart, for every page that draws one. ECharts is fetched on first use; the option is replaced whole on every
 * change (charts of one page differ in series, so nothing of the previous one may linger), and the chart follows its
 * box's width. `className` styles the box and, with `-loading`, the text shown until ECharts has arrived.
 */
export function EChart({ option, testId, height, className, loading }: { option: EChartsCoreOption; testId: string; height: number; className: string; loading: string }) {
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
    // A reader who asked their system for less motion gets the chart drawn at once, not grown over a second (WCAG 2.3.3).
    if (ready) chart.current?.setOption(prefersReducedMotion() ? { ...option, animation: false } : option, { notMerge: true });
  }, [ready, option]);

  return (
    <div className={className} data-testid={testId} data-ready={ready ? 'true' : 'false'}>
      {ready ? null : <div className={`${className}-loading`}>{loading}</div>}
      <div ref={box} style={{ height }} />
    </div>
  );
}
