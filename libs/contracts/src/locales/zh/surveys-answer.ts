import type { DeepStrings } from './surveys.js';

/** Questionnaires — S2 answering: the public list, the paper, answering pages (issue 25). Kept as a part of the `surveys` namespace. */
export const surveysAnswer = {
  /** Refusals of an answer sheet (thrown only from apps/api/src/surveys/surveys.errors.ts; the paper shows the same). */
  errors: {
    required: '请回答第{{n}}题',
    invalid: '第{{n}}题的答案不正确',
    /** Spec: selection exceeds limit — you may select at most N. */
    atMost: '选择超出限制：第{{n}}题最多可选择{{max}}项',
    atLeast: '第{{n}}题至少选择{{min}}项',
    tooLong: '第{{n}}题的回答不能超过{{max}}个字符',
    notRecipient: '您不在本问卷的答题范围内，无访问权限',
  },
  publicList: {
    title: '问卷调查',
    intro: '以下问卷正在进行中，无需登录即可作答。',
    empty: '暂无进行中的问卷',
    signIn: '登录',
  },
  mine: {
    title: '我的问卷',
    intro: '发给您的问卷：在截止前作答，每份问卷只能提交一次。',
    empty: '暂无需要您作答的问卷',
    answered: '已提交',
    notAnswered: '未作答',
    notStarted: '未开始',
  },
  item: {
    window: '{{start}} 至 {{end}}',
    ends: '截止 {{time}}',
    respondents: '{{count}} 人已作答',
    open: '去作答',
    view: '查看',
  },
  paper: {
    anonymous: '匿名问卷：不记录作答人',
    required: '必答',
    multipleHint: '可多选',
    atLeastHint: '至少选 {{min}} 项',
    atMostHint: '最多选 {{max}} 项',
    ratingHint: '{{min}}–{{max}} 分',
    textPlaceholder: '请输入您的回答',
    textCount: '{{count}}/{{max}}',
    matrixRow: '项目',
    submit: '提交',
    submitting: '提交中…',
    thanks: '提交成功，感谢您的参与！',
    back: '返回问卷列表',
    previewBanner: '预览：仅供查看，不能提交',
    previewOnly: '预览',
    loading: '正在加载问卷…',
    fixErrors: '请先完成标红的题目',
  },
} as const;
export type SurveysAnswerMessages = DeepStrings<typeof surveysAnswer>;
