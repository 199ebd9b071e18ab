/** Permission values granted through roles and menus. Checked by the server on every call, and by the web gate. */
export const Permission = {
  dashboardView: 'dashboard:view',
  accountSecurity: 'account:security',
  logView: 'ms:logs:list',
  sessionAdmin: 'ms:session:admin',
  userList: 'ms:user:list',
  userEdit: 'ms:user:edit',
  roleList: 'ms:role:list',
  roleEdit: 'ms:role:edit',
  menuList: 'ms:menu:list',
  menuEdit: 'ms:menu:edit',
  dictList: 'ms:dict:list',
  dictEdit: 'ms:dict:edit',
  configEdit: 'ms:config:edit',
  monitorView: 'ms:monitor:view',
  /** Replaying a parked event changes what its handler changes (a status, a certificate, messages): more than viewing. */
  monitorReplay: 'ms:monitor:replay',
  leaveApply: 'workflow:leave:apply',
  workflowReview: 'workflow:review',
  workflowViewAll: 'workflow:view_all',
  messageView: 'message:view',
  fileUpload: 'file:upload',
  /** 法定节假日设置: declaring holidays and make-up workdays (reading them is open to anyone signed in). */
  holidayEdit: 'calendar:holidays:edit',
  /** 反馈处理: listing all user feedback, taking, replying to and closing it (submitting one's own needs nothing). */
  feedbackHandle: 'feedback:handle',
  /** 学生考勤: taking a roll (the class's head teacher or the period's teacher; docs/adr/0052-attendance.md#access). */
  attendanceRoll: 'attendance:roll',
  /** 学生考勤: every class's rolls, the school's absences of a day, every class's statistics. */
  attendanceView: 'attendance:view',
  /** 教师考勤: checking in oneself. */
  attendanceCheckin: 'attendance:checkin',
  /** 考勤设置: the check-in windows and place. */
  attendanceSettings: 'attendance:settings',
  /** 人脸识别: the settings, the groups, and registering or deleting anyone's face (docs/adr/0063-face-recognition.md#access). */
  faceManage: 'face:manage',
  /** 人脸注册: registering and deleting one's own face (staff and students). */
  faceRegister: 'face:register',
  /** 任务管理 / 任务审核: assigning work tasks and reviewing the assignments one assigned. */
  workTaskAssign: 'work_tasks:assign',
  /** 领导查看: every work task, its progress and what is overdue. */
  workTaskViewAll: 'work_tasks:view_all',
  /** 值岗安排: duty posts, rosters (by hand and by rotation), publishing them, teachers' recorded leave. */
  dutyManage: 'duty:manage',
  /** 自定义页面: building, saving, publishing and deleting custom pages (viewing one goes with the menu that carries it). */
  pagesManage: 'pages:manage',
  /** 知识库: categories (their readers and editors) and writing in every category (a category's named editors write in theirs). */
  knowledgeManage: 'knowledge:manage',
  /** 校历管理: the school calendar's and the shared calendars' events, and the shared calendars themselves (one's personal calendar needs nothing). */
  calendarManage: 'calendar:manage',
  /** 组织管理: creating and editing student organisations and setting their advisors (a body's advisor manages its members without it). */
  organisationsManage: 'organisations:manage',
  /** 学生组织: the directory and a body's page in the menu (reading them needs only a session). */
  organisationsView: 'organisations:view',
  /** 我的组织: a student's or parent's terms and join requests in the menu. */
  organisationsMine: 'organisations:mine',
  /** 入会审核: the advisors' queue of join requests in the menu (deciding one is the request's advisor's alone). */
  organisationsReview: 'organisations:review',
  /** 图片管理: every album — school-wide and activity albums, and every class's (a class's head teacher manages its own without it). */
  picturesManage: 'pictures:manage',
  /** 首页卡片管理: which home-page cards each role sees, their order, the defaults. */
  homeCardsManage: 'home_cards:manage',
  /** 界面语言: reading the interface strings of each language and overriding them, export and import (docs/adr/0065-interface-languages.md). */
  i18nManage: 'i18n:manage',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

/** Role codes of the demo school (docs/architecture.md#demo-accounts). */
export const RoleCode = {
  admin: 'admin',
  principal: 'principal',
  office: 'office',
  headTeacher: 'headteacher',
  /** 年级组长: reviews the grade sheets (docs/product/workflows.md#grade-confirmation: grade leader or office). */
  gradeLeader: 'gradeleader',
  teacher: 'teacher',
  student: 'student',
  parent: 'parent',
  /** 维修工: a repair's work order is dispatched to one (docs/product/repairs.md#who). */
  repairman: 'repairman',
  /** 校医: reads and writes every student's health records (docs/product/campus-life.md#health-care). */
  doctor: 'doctor',
} as const;
export type RoleCode = (typeof RoleCode)[keyof typeof RoleCode];

/** User types (docs/product/overview.md#users-and-roles): 1 administrator, 2 student, 3 teacher, anything else other. */
export const UserType = { admin: '1', student: '2', teacher: '3', other: '4' } as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

/**
 * The school's staff by user type: administrators and teachers (office, principal and head teachers are teachers). They
 * find everyone in the directory and may be copied on any request; students and parents (others) may not
 * (docs/adr/0028).
 */
export const STAFF_USER_TYPES: readonly string[] = [UserType.admin, UserType.teacher];
