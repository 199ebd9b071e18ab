/** The grades module's texts (issue 10, DESIGN.md §9): server refusals, bell messages, and the pages. */
export const grades = {
  done: {
    opened: '已开始录入，共 {{count}} 张成绩单',
    saved: '已保存',
    published: '成绩已发布，已通知学生和家长',
  },
  /** Pages (each helper's own section). */
  entry: {},
  confirmation: {},
  sheet: {},
  analysis: {},
  report: {},
  errors: {
    sheetNotFound: '成绩单不存在',
    sheetLocked: '成绩单已提交或已通过审核，不能修改',
    notYourSheet: '只能录入自己任教的成绩单',
    sheetIncomplete: '还有学生未录入成绩：缺考或免考请标记后再提交',
    batchNotFound: '批次不存在',
    batchAlreadyOpened: '该批次已开始录入',
    batchDisabled: '该批次未启用',
    batchNoClasses: '该年级没有在校班级',
    batchNotOpened: '该批次尚未开始录入',
    batchOpenedLocked: '该批次已开始录入，不能再修改学期、考试节点、年级和考试课程',
    noTeacher: '以下班级课程没有任课教师（请先设置任课教师或班主任）：{{sheets}}',
    unpassedSheets: '以下成绩单尚未通过审核：{{sheets}}',
    alreadyPublished: '该批次已发布',
    noGradingSystem: '该课程未设置评分体系',
    notOnBatch: '该课程不在此批次中',
    reportForbidden: '只能查看本人（或本人子女）的成绩',
    noStudentsInClass: '该班级没有学生',
    startedByEngine: '成绩确认在批次开始录入时自动发起',
    jobNotFound: '任务不存在',
    jobNotDone: '任务尚未完成',
  },
} as const;
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type GradesMessages = Widen<typeof grades>;
