import type { DeepStrings } from './surveys.js';
import { evaluationsAnalysis, type EvaluationsAnalysisMessages } from './evaluations-analysis.js';
import { evaluationsFinal, type EvaluationsFinalMessages } from './evaluations-final.js';
import { evaluationsSettings, type EvaluationsSettingsMessages } from './evaluations-settings.js';
import { evaluationsSheet, type EvaluationsSheetMessages } from './evaluations-sheet.js';

/**
 * Evaluations' texts (issue 28, docs/product/evaluations.md), namespace `evaluations`: pages, evaluator roles,
 * precision and refusals here; each part's page texts in its own file (settings, sheet, analysis; final is the
 * final-term flow's).
 */
export const evaluations = {
  page: {
    group: '学业评价',
    settings: '评价设置',
    evaluate: '三级评价',
    analysis: '评价分析',
  },
  roles: { self: '自评', peer: '互评', head: '班主任评价', subject: '任课教师评价', parent: '家长评价' },
  precision: { 0: '不保留小数', 1: '保留一位小数', 2: '保留两位小数' },
  phases: { upcoming: '未开始', open: '进行中', closed: '已结束' },
  levels: { theme: '评价主题', content: '评价内容', level: '评价等级' },
  /** Refusals (thrown only from apps/api/src/evaluations/evaluations.errors.ts). */
  errors: {
    forbidden: '您没有评价管理的权限，请联系管理员',
    templateNotFound: '评价模板不存在',
    roundNotFound: '评价轮次不存在',
    templateNameUsed: '评价模板名称已被使用',
    roundNameUsed: '评价轮次名称已被使用',
    templateInUse: '模板已被评价轮次使用，只能修改名称、说明和精度',
    templateDeleteInUse: '模板已被评价轮次使用，不能删除',
    roundDeleteStarted: '评价轮次已有评价记录，不能删除',
    schoolYearNotFound: '学年不存在',
    semesterNotFound: '学期不存在',
    templateOfOtherYear: '评价模板与学期不属于同一学年',
    classesNotFound: '所选年级或班级不存在或没有在读学生',
    notEvaluator: '您不是此班级该类评价的评价人，无访问权限',
    notInWindow: '不在评价时间内，不能保存',
    studentNotInSheet: '有学生不在您的评价范围内',
    contentNotInSheet: '有评价内容不属于此评价表',
    scoreOutOfRange: '“{{name}}”的分数须在0到{{max}}之间',
    notYourClass: '您只能查看本班的评价结果',
    statisticsError: '统计出错',
  },
  settings: evaluationsSettings,
  sheet: evaluationsSheet,
  analysis: evaluationsAnalysis,
  final: evaluationsFinal,
} as const;

type Parts = 'settings' | 'sheet' | 'analysis' | 'final';
export type EvaluationsMessages = DeepStrings<Omit<typeof evaluations, Parts>> & {
  settings: EvaluationsSettingsMessages;
  sheet: EvaluationsSheetMessages;
  analysis: EvaluationsAnalysisMessages;
  final: EvaluationsFinalMessages;
};
