/**
 * ECharts with only what the pages draw (bars, lines, box plots, radars; grid, tooltip, legend, title; the canvas renderer).
 * Imported by `echarts-chart.tsx` with a dynamic import(), so it is a chunk of its own that only a page with a chart
 * (grade analysis, questionnaire results) loads — never the sign-in page or the shell.
 */
import { BarChart, BoxplotChart, LineChart, RadarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, RadarComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, LineChart, BoxplotChart, RadarChart, GridComponent, RadarComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export { init };
