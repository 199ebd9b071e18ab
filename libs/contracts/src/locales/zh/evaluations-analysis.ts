import type { DeepStrings } from './surveys.js';

/** Evaluations — part 4: 评价分析 (the student × content grid, distributions, export). A part of the `evaluations` namespace. */
export const evaluationsAnalysis = {
  round: '评价轮次',
  class: '班级',
  chooseRound: '请选择评价轮次',
  chooseClass: '请选择班级',
  student: '学生',
  studentNo: '学号',
  average: '平均',
  comment: '班主任评语',
  export: '导出 Excel',
  exporting: '导出中…',
  distributions: '各内容等级分布',
  none: '未评',
  precisionNote: '结果精度：{{precision}}',
  empty: '暂无评价结果',
  sheetName: '评价结果',
  progress: '评价进度',
} as const;
export type EvaluationsAnalysisMessages = DeepStrings<typeof evaluationsAnalysis>;
