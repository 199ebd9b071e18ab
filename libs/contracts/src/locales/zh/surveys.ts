import { surveysAnswer, type SurveysAnswerMessages } from './surveys-answer.js';
import { surveysManageWeb, type SurveysManageWebMessages } from './surveys-manage-web.js';
import { surveysResults, type SurveysResultsMessages } from './surveys-results.js';

/** Every leaf a string: the other language's texts have the same shape. */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/**
 * Questionnaires' texts (issue 25, docs/product/questionnaires.md), namespace `surveys`: kinds, states, refusals and
 * state-change messages here; each part's page texts in its own file (answer, manage, results).
 */
export const surveys = {
  page: {
    group: '问卷管理',
    list: '问卷列表',
    create: '创建问卷',
    answer: '问卷答题',
  },
  types: { single: '单选题', multiple: '多选题', text: '填空题', rating: '评分题', matrix: '矩阵题', date: '日期题' },
  states: { enabled: '启用', disabled: '停用', published: '已发布', unpublished: '未发布' },
  templates: { 'teaching-quality': '教学质量评价' },
  /** Refusals (thrown only from apps/api/src/surveys/surveys.errors.ts). */
  errors: {
    /** The platform's permission message (spec: no permission to publish or delete activities, notices, questionnaires; contact administrator). */
    forbidden: '您没有发布或删除活动、通知、问卷的权限，请联系管理员',
    notFound: '问卷不存在',
    notStartedOrExpired: '问卷未开始或已过期',
    alreadySubmitted: '问卷已提交，不能重复提交',
    nameUsed: '问卷名称已被使用',
    categoryInvalid: '问卷类别不存在',
    audienceInvalid: '答题范围中的年级、班级、角色或用户不存在',
    editLocked: '问卷已有人作答，只能延长结束时间',
    deleteAnswered: '问卷已有人作答，不能删除',
    deletePublished: '已发布的问卷不能删除，请先取消发布',
    pictureType: '选项图片只能是 JPG 格式：{{name}}',
    pictureTooLarge: '选项图片不能超过 {{mb}}MB：{{name}}',
    pictureEmpty: '不能上传空文件：{{name}}',
    pictureNotFound: '图片不存在或不是您上传的',
    statisticsError: '统计出错',
    questionsFailed: '获取题目失败，请重试',
    tooManyFromAddress: '提交过于频繁，请稍后再试',
    deviceInvalid: '答题凭证无效，请重新打开问卷',
  },
  /** A state change answers one of these (spec: success and failure messages on state change). */
  status: {
    publishSuccess: '发布成功',
    publishFailed: '发布失败：{{reason}}',
    unpublishSuccess: '取消发布成功',
    unpublishFailed: '取消发布失败：{{reason}}',
    enableSuccess: '启用成功',
    enableFailed: '启用失败：{{reason}}',
    disableSuccess: '停用成功',
    disableFailed: '停用失败：{{reason}}',
  },
  reasons: {
    alreadyPublished: '问卷已发布',
    notPublished: '问卷未发布',
    notEnabled: '问卷未启用',
    alreadyEnabled: '问卷已启用',
    alreadyDisabled: '问卷已停用',
    published: '请先取消发布',
    ended: '问卷已结束',
  },
  answer: surveysAnswer,
  manage: surveysManageWeb,
  results: surveysResults,
} as const;

type Parts = 'answer' | 'manage' | 'results';
export type SurveysMessages = DeepStrings<Omit<typeof surveys, Parts>> & {
  answer: SurveysAnswerMessages;
  manage: SurveysManageWebMessages;
  results: SurveysResultsMessages;
};
