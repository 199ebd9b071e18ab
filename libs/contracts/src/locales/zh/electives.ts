/**
 * 选修课 texts (issue 27 parts 1–3, docs/product/electives.md), namespace `electives`: pages, states, refusals (the
 * spec's "class size full", "at most N", "class time conflict"), the rosters' export and the pages' words.
 */
export const electives = {
  page: { group: '选修课', courses: '选修课程', batches: '选课批次', select: '学生选课' },
  states: { notStarted: '未开始', inProgress: '进行中', ended: '已结束' },
  modes: { 'first-come': '先到先得', lottery: '志愿抽签' },
  rounds: { 'first-come': '先到先得', preference: '志愿抽签', leftover: '补选' },
  weekdays: { '1': '周一', '2': '周二', '3': '周三', '4': '周四', '5': '周五', '6': '周六', '7': '周日' },
  slot: '{{weekday}} 第{{period}}节',
  /** Refusals (thrown only from apps/api/src/electives/electives.errors.ts). */
  errors: {
    forbidden: '您没有管理选课的权限，请联系管理员',
    notStudent: '只有学生可以选课',
    batchNotFound: '选课批次不存在',
    courseNotOffered: '该课程不在本批次中',
    notEligible: '该课程不面向您所在的年级',
    closed: '不在选课时间内',
    notLottery: '该批次不是志愿抽签批次',
    notFirstCome: '该批次为志愿抽签，请填报志愿',
    /** the error catalogue: class size full. */
    full: '班级人数已满',
    /** the error catalogue: selection exceeds limit: you may select at most N. */
    limit: '选课超出限制：最多只能选{{n}}门',
    /** the error catalogue: class time conflict — with the course it clashes with named. */
    clash: '上课时间冲突：与“{{name}}”时间冲突',
    notSelected: '您未选该课程',
    nameUsed: '批次名称已被使用',
    coursesInvalid: '所选课程须为本学期已通过审核、面向这些年级的选修课',
    noCourses: '本学期没有可开设的选修课',
    semesterInvalid: '学期不存在',
    started: '批次已开始，不能修改或删除',
    notEnded: '志愿填报尚未结束，不能抽签',
    leftoverTaken: '补选已开始，不能重新抽签',
  },
  export: { file: '{{name}}-选课名单.xlsx', course: '课程', teacher: '任课教师', studentNo: '学号', name: '姓名', className: '班级', round: '方式' },
  web: {
    coursesHint: '任课教师在“业务申请 → 选修课申报”申报，教务处审核通过后出现在这里，可加入选课批次。',
    declare: '申报选修课',
    column: { name: '课程名称', teacher: '任课教师', grades: '面向年级', capacity: '容量', minSize: '最低开班', slots: '上课时间', room: '教室', remaining: '剩余名额', state: '状态', mode: '选课方式', window: '选课时间', max: '每人限选', seats: '已选/名额', action: '操作' },
    empty: '暂无数据',
    newBatch: '新建批次',
    batchForm: { name: '批次名称', semester: '学期', grades: '面向年级', start: '开始时间', end: '结束时间', maxPerStudent: '每人可选门数', mode: '选课方式', courses: '开设课程（不选则为本学期面向这些年级的全部选修课）', priorityGrades: '优先抽签年级（选填）', leftoverEnd: '补选结束时间（抽签批次，选填）' },
    save: '保存',
    cancel: '取消',
    delete: '删除',
    saved: '保存成功',
    deleted: '删除成功',
    rosters: '选课名单',
    export: '导出 Excel',
    draw: '抽签',
    seed: '随机种子（选填，相同种子结果相同）',
    drawn: '抽签完成：种子 {{seed}}，按志愿录取 {{byPreference}} 人次，剩余 {{leftover}} 个名额，校验码 {{digest}}',
    chooseBatch: '选择批次',
    noBatch: '当前没有面向您的选课批次',
    select: '选课',
    drop: '退选',
    selected: '已选',
    selectedOk: '选课成功',
    droppedOk: '退选成功',
    mine: '我的选课（{{n}}/{{max}}）',
    preferences: '我的志愿（按顺序）',
    addPreference: '加入志愿',
    removePreference: '移出',
    up: '上移',
    savePreferences: '保存志愿',
    preferencesSaved: '志愿已保存',
    live: '名额实时更新',
    full: '已满',
    students: '{{n}} 人',
  },
} as const;

/** Every leaf a string: the English texts have the same shape. */
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
export type ElectivesMessages = Texts<typeof electives>;
