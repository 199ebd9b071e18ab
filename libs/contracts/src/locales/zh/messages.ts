/** In-site message templates (rendered in the reader's language when read). */
export const messages = {
  leaveTask: { title: '请假审批待办', content: '{{student}}（{{className}}）申请{{leaveType}}，{{start}} 至 {{end}}，共 {{days}} 天，请审批。' },
  leaveStepApproved: { title: '请假申请有进展', content: '{{actor}}已通过{{student}}的请假申请，等待{{next}}审批。' },
  leaveApproved: { title: '请假已批准', content: '{{student}}的请假申请（{{start}} 至 {{end}}）已批准。' },
  leaveRejected: { title: '请假未通过', content: '{{actor}}驳回了{{student}}的请假申请，理由：{{reason}}' },
  leaveWithdrawn: { title: '请假申请已撤回', content: '{{student}}的请假申请已由申请人撤回，无需再审批。' },
  leaveReturned: { title: '已销假', content: '{{student}}已于 {{returnedAt}} 返校销假。' },
  leaveSkipped: { title: '审批环节已转交', content: '申请人即该环节审批人，{{student}}的请假申请已转交{{next}}审批。' },
  reminder: { title: '审批催办', content: '{{student}}的请假申请已等待您审批超过 {{hours}} 小时，请尽快处理。' },
  transferred: { title: '审批转办', content: '{{actor}}将{{subject}}的{{flow}}申请转交给您审批，请处理。' },
  copied: { title: '申请抄送', content: '{{actor}}将{{subject}}的{{flow}}申请抄送给您，可在申请详情中查看。' },
  urged: { title: '审批催办', content: '{{actor}}催办{{flow}}申请（{{subject}}），正等待您审批，请尽快处理。' },
  flowTask: { title: '{{flow}}申请待审批', content: '{{student}}（{{className}}）的{{flow}}申请等待您审批。' },
  flowStepApproved: { title: '{{flow}}申请有进展', content: '{{actor}}已通过{{student}}的{{flow}}申请，等待{{next}}审批。' },
  flowApproved: { title: '{{flow}}申请已通过', content: '{{student}}的{{flow}}申请已审批通过。' },
  flowRejected: { title: '{{flow}}申请未通过', content: '{{actor}}驳回了{{student}}的{{flow}}申请，理由：{{reason}}' },
  flowExpired: { title: '{{flow}}申请已失效', content: '{{flow}}申请在开始前无人审批，已自动失效。' },
  flowWithdrawn: { title: '{{flow}}申请已撤回', content: '{{student}}的{{flow}}申请已由申请人撤回，无需再审批。' },
  flows: { leave: '请假', travel: '外出', 'day-reading': '走读', 'classroom-loan': '教室借用', 'student-status-change': '学籍异动', 'reading-proof': '在读证明', 'grade-proof': '成绩证明' },
  leaveType: { personal: '事假', sick: '病假' },
  step: { headTeacherReview: '班主任', officeReview: '教务处', principalReview: '校长' },
  system: '系统',
} as const;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type MessageTemplates = Widen<typeof messages>;
