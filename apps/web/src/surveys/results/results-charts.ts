import type { EChartsCoreOption } from 'echarts/core';
import type { QuestionStat } from '@schoolflow/contracts';
import { surveysText } from '../manage/use-manage-t.js';

const tooltip = { trigger: 'axis', axisPointer: { type: 'shadow' } };
/** Labels that would not fit are cut with an ellipsis (the table under the chart has them whole). */
const categoryLabel = { width: 140, overflow: 'truncate' };

/**
 * A question's chart, or null when it has none (text answers are a list): choices as horizontal bars of counts with
 * their share, a rating's scale as columns, a matrix as each row's columns stacked by share, dates as a line by day.
 */
export function questionChart(q: QuestionStat): EChartsCoreOption | null {
  switch (q.type) {
    case 'single':
    case 'multiple': {
      const options = [...q.options].reverse(); // the first option on top
      return {
        tooltip,
        grid: { left: 8, right: 72, top: 8, bottom: 8, containLabel: true },
        xAxis: { type: 'value', minInterval: 1 },
        yAxis: { type: 'category', data: options.map((o) => o.label), axisLabel: categoryLabel },
        series: [{ type: 'bar', name: surveysText('results.page.count'), data: options.map((o) => o.count), label: { show: true, position: 'right', formatter: (p: { dataIndex: number }) => `${options[p.dataIndex]?.count ?? 0} (${options[p.dataIndex]?.percent ?? 0}%)` } }],
      };
    }
    case 'rating':
      return {
        tooltip,
        grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: q.values.map((v) => String(v.value)), name: surveysText('results.page.score') },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: 'bar', name: surveysText('results.page.count'), data: q.values.map((v) => v.count), label: { show: true, position: 'top', formatter: (p: { dataIndex: number }) => `${q.values[p.dataIndex]?.percent ?? 0}%` } }],
      };
    case 'matrix': {
      const rows = [...q.rows].reverse();
      const columns = q.rows[0]?.columns ?? [];
      return {
        tooltip,
        legend: { top: 0, type: 'scroll' },
        grid: { left: 8, right: 16, top: 32, bottom: 8, containLabel: true },
        xAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
        yAxis: { type: 'category', data: rows.map((r) => r.label), axisLabel: categoryLabel },
        series: columns.map((c, i) => ({ type: 'bar', stack: 'share', name: c.label, data: rows.map((r) => r.columns[i]?.percent ?? 0) })),
      };
    }
    case 'date':
      return {
        tooltip: { trigger: 'axis' },
        grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
        xAxis: { type: 'category', data: q.dates.map((d) => d.date) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [{ type: q.dates.length > 12 ? 'line' : 'bar', name: surveysText('results.page.count'), data: q.dates.map((d) => d.count) }],
      };
    case 'text':
      return null;
  }
}

/** Height of a chart: bars grow with their rows so labels never overlap. */
export function chartHeight(q: QuestionStat): number {
  if (q.type === 'single' || q.type === 'multiple') return Math.max(140, 36 * q.options.length + 24);
  if (q.type === 'matrix') return Math.max(160, 40 * q.rows.length + 56);
  return 220;
}
