import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../../components/charts/echarts-chart.js';
import { surveysText } from '../manage/use-manage-t.js';

/** One question's chart of the results (the shared EChart, in the results' size and style). */
export function ResultsChart({ option, testId, height = 260 }: { option: EChartsCoreOption; testId: string; height?: number }) {
  return <EChart option={option} testId={testId} height={height} className="sf-survey-chart" loading={surveysText('results.page.chartLoading')} />;
}
