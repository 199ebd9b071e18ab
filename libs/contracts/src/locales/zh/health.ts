/** 健康管理 (docs/product/campus-life.md#health-care): the family's page, the risk flag, refusals, the head teacher's alert. */
export const health = {
  page: {
    mine: '我的健康',
    child: '孩子',
    none: '暂无健康档案',
    visits: '就诊记录',
    conditions: '健康状况',
    exams: '体质健康测试',
    insurance: '保险',
    empty: '暂无记录',
  },
  fields: {
    date: '日期',
    complaint: '主诉',
    diagnosis: '诊断',
    treatment: '处理',
    outcome: '去向',
    name: '病症',
    riskLevel: '风险等级',
    careAdvice: '照护建议',
    height: '身高',
    weight: '体重',
    bmi: 'BMI',
    total: '总分',
    rating: '等级',
    insurer: '保险公司',
    policyNo: '保单号',
    plan: '险种',
    period: '保障期间',
  },
  items: { bmi: '体重指数', vitalCapacity: '肺活量', sprint50m: '50米跑', sitAndReach: '坐位体前屈', standingLongJump: '立定跳远', strength: '引体向上/仰卧起坐', enduranceRun: '1000米/800米' },
  rating: { excellent: '优秀', good: '良好', pass: '及格', fail: '不及格' },
  risk: { column: '健康风险', low: '低风险', medium: '中风险', high: '高风险', badge: '健康风险：{{level}}', conditions: '需关注：{{names}}' },
  errors: {
    forbidden: '您无权查看该学生的健康档案',
    notFound: '该学生不存在',
  },
  message: {
    alertTitle: '学生健康提醒：{{student}}',
    alertContent: '校医登记了{{student}}（{{className}}）的健康状况“{{condition}}”，风险等级：{{level}}。{{advice}}',
  },
} as const;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type HealthMessages = Texts<typeof health>;
