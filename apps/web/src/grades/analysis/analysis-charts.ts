import type { EChartsCoreOption } from 'echarts/core';
import type { ClassAnalysis, QuestionRateAnalysis, RankingAnalysis, SubjectAnalysis } from '@schoolflow/contracts';
import { gradesText } from '../use-grades-t.js';
import { bandLabels } from './analysis-format.js';

/** One chart of a kind: its option and a test id. */
export interface ChartSpec {
  key: string;
  option: EChartsCoreOption;
}

/** How many students the ranking chart shows. */
export const TOP = 20;

const grid = { left: 48, right: 56, top: 88, bottom: 56, containLabel: true };
const title = (text: string) => ({ text, left: 'center', top: 0, textStyle: { fontSize: 14, fontWeight: 600 } });
const tooltip = { trigger: 'axis', axisPointer: { type: 'shadow' } };
const legend = { top: 34 };
const percentAxis = () => ({ type: 'value', name: gradesText('analysis.chart.percent'), min: 0, max: 100, splitLine: { show: false } });
const scoreAxis = () => ({ type: 'value', name: gradesText('analysis.chart.score') });
/** Every category named; slanted when the names would not fit side by side. */
const categories = (data: string[]) => ({ type: 'category', data, axisLabel: { interval: 0, rotate: data.length > 6 || data.join('').length > 36 ? 30 : 0 } });

/**
 * admin-class and teaching-class: the averages with the pass and excellence rates (one course), or each course's
 * averages by class (every course of an administrative class), then the score bands stacked per class.
 */
export function classCharts(a: ClassAnalysis): ChartSpec[] {
  const courseIds = [...new Set(a.rows.map((r) => r.courseId))];
  const several = courseIds.length > 1;
  const out: ChartSpec[] = [];
  if (several && a.kind === 'admin-class') {
    const groups = [...new Map(a.rows.map((r) => [r.groupId ?? '', r.groupName])).entries()];
    out.push({
      key: 'averages',
      option: {
        title: title(gradesText('analysis.chart.averagesAll')),
        tooltip,
        legend: { ...legend, type: 'scroll' },
        grid,
        xAxis: categories(groups.map(([, name]) => name)),
        yAxis: scoreAxis(),
        series: courseIds.map((id) => {
          const rows = a.rows.filter((r) => r.courseId === id);
          return { type: 'bar', name: rows[0]?.courseName ?? '', data: groups.map(([g]) => rows.find((r) => (r.groupId ?? '') === g)?.average ?? null) };
        }),
      },
    });
  } else {
    const label = (r: ClassAnalysis['rows'][number]) => (several ? `${r.courseName} ${r.groupName}` : r.groupName);
    // a course without a scale has no rates: no empty lines in the legend
    const rated = a.rows.some((r) => r.passRate !== null);
    out.push({
      key: 'averages',
      option: {
        title: title(gradesText('analysis.chart.averages')),
        tooltip,
        legend,
        grid,
        xAxis: categories(a.rows.map(label)),
        yAxis: rated ? [scoreAxis(), percentAxis()] : scoreAxis(),
        series: [
          { type: 'bar', name: gradesText('analysis.chart.average'), data: a.rows.map((r) => r.average), barMaxWidth: 36 },
          ...(rated
            ? [
                { type: 'line', name: gradesText('analysis.chart.passRate'), yAxisIndex: 1, data: a.rows.map((r) => r.passRate) },
                { type: 'line', name: gradesText('analysis.chart.excellentRate'), yAxisIndex: 1, data: a.rows.map((r) => r.excellentRate) },
              ]
            : []),
        ],
      },
    });
  }
  // Bands per class: every course's scores of the class together when several courses are shown.
  const groups = new Map<string, { name: string; bands: number[] }>();
  for (const r of a.rows) {
    const key = several && a.kind === 'teaching-class' ? `${r.courseId}:${r.groupId ?? ''}` : (r.groupId ?? '');
    const name = several && a.kind === 'teaching-class' ? `${r.courseName} ${r.groupName}` : r.groupName;
    const g = groups.get(key) ?? { name, bands: r.bands.map(() => 0) };
    r.bands.forEach((n, i) => (g.bands[i] = (g.bands[i] ?? 0) + n));
    groups.set(key, g);
  }
  const list = [...groups.values()];
  out.push({
    key: 'bands',
    option: {
      title: title(gradesText('analysis.chart.distribution')),
      tooltip,
      legend,
      grid,
      xAxis: categories(list.map((g) => g.name)),
      yAxis: { type: 'value', name: gradesText('analysis.chart.students'), minInterval: 1 },
      series: bandLabels().map((name, i) => ({ type: 'bar', stack: 'bands', name, data: list.map((g) => g.bands[i] ?? 0), barMaxWidth: 40 })),
    },
  });
  return out;
}

/** ranking: the top students' totals. */
export function rankingCharts(a: RankingAnalysis): ChartSpec[] {
  const top = a.rows.filter((r) => r.total !== null).slice(0, TOP);
  return [
    {
      key: 'top',
      option: {
        title: title(gradesText('analysis.chart.top', { count: top.length })),
        tooltip,
        grid,
        xAxis: categories(top.map((r) => `${r.gradeRank ?? ''}. ${r.name}`)),
        yAxis: { type: 'value', name: gradesText('analysis.chart.total') },
        series: [{ type: 'bar', name: gradesText('analysis.chart.total'), data: top.map((r) => r.total), barMaxWidth: 28, label: { show: top.length <= 12, position: 'top' } }],
      },
    },
  ];
}

/** subject: each class's spread as a box (lowest, quartiles, highest) with its average. */
export function subjectCharts(a: SubjectAnalysis): ChartSpec[] {
  return [
    {
      key: 'spread',
      option: {
        title: title(gradesText('analysis.chart.spread')),
        tooltip: { trigger: 'item' },
        legend,
        grid,
        xAxis: categories(a.rows.map((r) => r.className)),
        yAxis: { ...scoreAxis(), min: 0, max: a.course.fullMarks },
        series: [
          { type: 'boxplot', name: gradesText('analysis.chart.score'), data: a.rows.map((r) => (r.scored > 0 ? [r.lowest, r.q1, r.median, r.q3, r.highest] : [])) },
          { type: 'line', name: gradesText('analysis.chart.average'), data: a.rows.map((r) => r.average), symbolSize: 8 },
        ],
      },
    },
  ];
}

/** question-rate: each item's score rate, over the grade and per class. */
export function questionRateCharts(a: QuestionRateAnalysis): ChartSpec[] {
  const items = a.items;
  const groups = [...new Map(a.rows.map((r) => [r.classId ?? '', r.className])).entries()];
  // the grade first: it is the bar a reader compares the classes with
  groups.sort((x, y) => (x[0] === '' ? -1 : y[0] === '' ? 1 : 0));
  return [
    {
      key: 'rates',
      option: {
        title: title(gradesText('analysis.chart.rates')),
        tooltip,
        legend: { ...legend, type: 'scroll' },
        grid,
        xAxis: categories(items.map((i) => i.name)),
        yAxis: percentAxis(),
        series: groups.map(([id, name]) => ({ type: 'bar', name, data: items.map((i) => a.rows.find((r) => r.itemId === i.id && (r.classId ?? '') === id)?.rate ?? null), barMaxWidth: 28 })),
      },
    },
  ];
}
