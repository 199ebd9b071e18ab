import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../../components/charts/echarts-chart.js';
import { gradesText } from '../use-grades-t.js';

/** One chart of the grade analysis (the shared EChart, in the analysis' size and style). */
export function AnalysisChart({ option, testId, height = 340 }: { option: EChartsCoreOption; testId: string; height?: number }) {
  return <EChart option={option} testId={testId} height={height} className="sf-analysis-chart" loading={gradesText('analysis.chart.loading')} />;
}
