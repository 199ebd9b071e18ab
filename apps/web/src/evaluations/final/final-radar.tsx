import type { FinalContentResult } from '@schoolflow/contracts';
import { useMemo } from 'react';
import { EChart } from '../../components/charts/echarts-chart.js';

/**
 * The radar of a student's final-term evaluation: an axis per content, scaled to its highest score, so contents of
 * different scales are read side by side.
 */
export function FinalRadar({ contents, name, loading, testId }: { contents: readonly FinalContentResult[]; name: string; loading: string; testId: string }) {
  const option = useMemo(
    () => ({
      tooltip: {},
      radar: { indicator: contents.map((c) => ({ name: c.content, max: c.max })), radius: '65%' },
      series: [{ type: 'radar', areaStyle: { opacity: 0.2 }, data: [{ name, value: contents.map((c) => c.value ?? 0) }] }],
    }),
    [contents, name],
  );
  return <EChart option={option} testId={testId} height={320} className="sf-final-radar" loading={loading} />;
}
