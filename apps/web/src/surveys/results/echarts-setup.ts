/**
 * ECharts with only what the results draw (bars, lines; grid, tooltip, legend, title; the canvas renderer). Imported
 * by `results-chart.tsx` with a dynamic import(), so it is a chunk of its own that only the results page loads.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

register([BarChart, LineChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

export { init };
