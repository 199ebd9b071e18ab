import type { DeepStrings } from './surveys.js';

/** Evaluations — part 3, the final-term evaluation flow (期末学业评价; docs/product/evaluations.md#final-term-evaluation). A part of the `evaluations` namespace. */
export const evaluationsFinal = {
  title: '期末学业评价',
  /** Refusals of the flow (its machine's guards and its start). */
  errors: {
    notHeadTeacher: '只有本班班主任可以提交期末评价',
    alreadySubmitted: '本班该轮次的期末评价已提交，请在原流程中继续',
    incomplete: '还有学生没有评价结果或期末评语，不能提交',
    notEditable: '期末评价已提交，撤回或被退回后才能再次提交',
    notInPublicity: '当前不在公示期，不能提出或答复异议',
    objectionNeedsText: '请填写异议内容',
    answerNeedsText: '请填写答复内容',
    noSuchObjection: '该异议不存在或已答复',
    objectionsOpen: '还有未答复的异议，不能确认发布',
    publicityRunning: '公示期未满，不能确认',
    published: '期末评价已发布',
    notFamily: '只能查看本人或本人子女的期末评价',
  },
  /** Bell messages of the flow's steps. */
  messages: {
    publicity: { title: '期末评价公示', content: '{{className}}的期末评价（{{round}}）正在公示，请查看；如有异议可在公示期内提出。' },
    objected: { title: '期末评价异议待答复', content: '{{className}}的期末评价（{{round}}）收到一条异议，请答复。' },
    answered: { title: '异议已答复', content: '班主任已答复您对{{className}}期末评价（{{round}}）的异议。' },
    review: { title: '期末评价待确认', content: '{{className}}的期末评价（{{round}}）公示期满，请确认发布。' },
    published: { title: '期末评价已发布', content: '{{className}}的期末评价（{{round}}）已发布。' },
    returned: { title: '期末评价被退回', content: '{{className}}的期末评价（{{round}}）被退回：{{reason}}' },
  },
  page: {
    round: '评价轮次',
    className: '班级',
    state: '状态',
    notSubmitted: '未提交',
    missing: '缺少结果或评语的学生：{{count}} 人',
    submit: '提交公示',
    submitted: '已提交，进入公示',
    open: '查看流程',
    publicityEnds: '公示截止：{{time}}',
    none: '暂无期末评价',
    student: '学生',
    comment: '期末评语',
    level: '等级',
    value: '得分',
    content: '评价内容',
    radar: '综合素质雷达图',
    objections: '异议',
    objectionBy: '{{who}} 于 {{time}} 提出',
    answer: '答复',
    answerLine: '答复：{{text}}',
    objectionLine: '{{who}}：{{text}}',
    noAnswer: '待班主任答复',
    object: '提出异议',
    objectPlaceholder: '请写明对哪一项结果有异议及理由，至多500个字符',
    send: '提交',
    answerPlaceholder: '请填写答复，至多500个字符',
    states: { publicity: '公示中', review: '公示期满，待教务处确认', published: '已发布' },
  },
  /** The final report PDF's section. */
  pdf: {
    section: '期末学业评价',
    content: '评价内容',
    level: '等级',
    comment: '期末评语',
  },
} as const;
export type EvaluationsFinalMessages = DeepStrings<typeof evaluationsFinal>;
