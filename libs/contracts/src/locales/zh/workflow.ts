/** Workflow engine messages (server). */
export const workflow = {
  notPending: '该申请已结束，不能再执行此操作',
  notPossible: '当前状态下不能执行此操作',
  rejectNeedsReason: '驳回时必须填写理由',
  urgedRecently: '该申请一小时内已催办过，请稍后再催办',
  notApproved: '申请尚未批准，不能销假',
  alreadyCancelled: '该请假已销假',
  returnOutsideLeave: '实际返校时间必须在请假时间范围内',
  unknownAction: '不支持的操作',
  unknownFlow: '不存在的审批流程',
  notApplicant: '只有学生本人或家长可以提交请假申请',
  notYourChild: '只能为自己的孩子请假',
  studentNotFound: '系统无该学生信息',
  conflict: '其他人已先一步处理了该申请，请刷新后查看',
  submitted: '请假申请已提交',
  done: '操作成功',
  attachmentNotYours: '只能使用自己上传的图片',
  attachmentGone: '图片已失效，请重新上传',
  attachmentNotPicture: '请假附件只能是 JPG 或 PNG 图片',
  noHeadTeacher: '该学生的班级没有班主任，暂不能提交请假',
} as const;
export type WorkflowMessages = { [K in keyof typeof workflow]: string };
