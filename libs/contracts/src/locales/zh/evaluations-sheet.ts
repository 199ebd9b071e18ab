import type { DeepStrings } from './surveys.js';

/** Evaluations — part 2: 三级评价 (my sheets and the keyboard grid). A part of the `evaluations` namespace. */
export const evaluationsSheet = {
  mine: '我的评价',
  intro: '在评价时间内填写；输入即自动保存。',
  empty: '暂无需要您填写的评价',
  open: '去评价',
  view: '查看',
  progress: '已填 {{filled}}/{{total}}',
  student: '学生',
  studentNo: '学号',
  comment: '评语',
  keyboardHint: '方向键、Tab、回车在单元格间移动；输入分数或等级字母（A 为第一个等级）。',
  levelsHint: '等级',
  autosaving: '自动保存中…',
  autosaved: '已自动保存 {{time}}',
  saveFailed: '保存失败：{{reason}}',
  readOnly: '不在评价时间内：只能查看',
  back: '返回我的评价',
  noStudents: '此评价表没有需要您评价的学生',
  classProgress: '班级评价进度',
  role: '评价类型',
  filled: '已填',
  total: '应填',
} as const;
export type EvaluationsSheetMessages = DeepStrings<typeof evaluationsSheet>;
