import { ATTENDANCE_PAGES, FACE_PAGES, PROJECTS_PAGE, PROJECTS_PHONE_PAGE, CONSULT_AGENT_ROUTE, CUSTOM_PAGES, CUSTOM_PAGES_GROUP, FEEDBACK_HANDLE_PERMISSION, FEEDBACK_PAGES, HOLIDAYS_PAGE, HOME_CARDS_PAGE, PICTURES_MANAGE_PERMISSION, PICTURES_PAGE, TODOS_PAGE, TODOS_PHONE_PAGE, CONSULT_PERMISSION, CHANNEL_PAGES, formatSchoolTime, Permission, resources, RoleCode, SURVEY_MANAGE_PERMISSION, SURVEY_PAGES, UI_STRINGS_PAGE, UserType, WECHAT_PAGES, withCheckCharacter } from '@schoolflow/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { ServerConfig } from '../config/app-config.js';
import { PasswordHasher } from '../identity/domain/password-hasher.js';
import { logger } from '../infrastructure/logging/logger.js';
import { seedDemoSurveys } from '../surveys/seed/surveys-demo.seed.js';
import { seedDemoEvaluations } from '../evaluations/seed/evaluations-demo.seed.js';
import { seedDemoElectives } from '../electives/seed/electives-demo.seed.js';
import { grantElectiveMenus } from '../../../../migrations/1732000043000-electives.js';
import { grantWorkTaskMenus } from '../../../../migrations/1732000055000-work-tasks.js';
import { grantDutyMenus } from '../../../../migrations/1732000063000-duty-rosters.js';
import { grantVehicleMenus } from '../../../../migrations/1732000063500-vehicle-booking.js';
import { seedDemoHealth } from '../health/seed/health-demo.seed.js';
import { seedDemoTimetable } from '../timetable/seed/timetable-demo.seed.js';
import { seedDemoDailySchedule } from '../timetable/seed/daily-schedule-demo.seed.js';
import { seedDemoAttendance } from '../attendance/seed/attendance-demo.seed.js';
import { grantAttendance } from '../../../../migrations/1732000052000-attendance.js';
import { seedDemoDormitories } from '../dormitories/seed/dormitories-demo.seed.js';
import { seedDemoOrganisations } from '../organisations/seed/organisations-demo.seed.js';
import { seedDemoPages } from '../pages/seed/pages-demo.seed.js';
import { seedDemoProjects } from '../projects/seed/projects-demo.seed.js';
import { seedDemoKnowledge } from '../knowledge/seed/knowledge-demo.seed.js';
import { grantKnowledgeMenus } from '../../../../migrations/1732000060000-knowledge-base.js';
import { grantFaceRecognition } from '../../../../migrations/1732000062000-face-recognition.js';
import { seedDemoSchoolCalendar } from '../calendar/seed/school-calendar-demo.seed.js';
import { grantSchoolCalendar } from '../../../../migrations/1732000058000-school-calendar.js';
import { type DemoCalendar, demoCalendar, DEMO_TEACHING_WEEKS } from './demo-calendar.js';
import { AdvisoryLock } from '../infrastructure/database/advisory-locks.js';

/** Every demo account's password (docs/architecture.md#demo-accounts). */
export const DEMO_PASSWORD = 'Passw0rd!';

interface MenuSeed {
  key: string;
  parent?: string;
  name: string;
  nameEn: string;
  url: string;
  permission?: string;
  icon: string;
  sort: number;
  remark?: Record<string, unknown>;
  roles: string[];
}

const ALL_ROLES = Object.values(RoleCode);

/** A group's pages as menus: each page's names in both languages, its permission, and the roles `rolesOf` grants it to. */
function pageMenus(parent: string, pages: readonly { key: string; url: string; permission: string; icon: string; sort: number }[], names: (key: string, lang: 'zh' | 'en') => string, rolesOf: (permission: string) => string[]): MenuSeed[] {
  return pages.map((p) => ({ key: `${parent}-${p.key}`, parent, name: names(p.key, 'zh'), nameEn: names(p.key, 'en'), url: p.url, permission: p.permission, icon: p.icon, sort: p.sort, roles: rolesOf(p.permission) }));
}

/** Menus whose pages exist. Later capabilities add theirs through their own migrations. */
const REVIEWERS = [RoleCode.headTeacher, RoleCode.office, RoleCode.principal, RoleCode.admin];
const APPLICANTS = [RoleCode.student, RoleCode.parent];
/** Every role but students and parents: the school's staff. */
const STAFF_ROLES = ALL_ROLES.filter((r) => r !== RoleCode.student && r !== RoleCode.parent);

const MENUS: MenuSeed[] = [
  { key: 'apply', name: '业务申请', nameEn: 'Applications', url: '/apply', permission: 'menu:apply', icon: 'file alternate outline', sort: 20, roles: [...APPLICANTS, ...REVIEWERS] },
  { key: 'leaveNew', parent: 'apply', name: '请假申请', nameEn: 'Apply for leave', url: '/apply/leave/new', permission: Permission.leaveApply, icon: 'edit outline', sort: 1, roles: APPLICANTS },
  { key: 'leaveMine', parent: 'apply', name: '我的申请', nameEn: 'My applications', url: '/apply/leave/mine', permission: 'menu:my_applications', icon: 'list alternate outline', sort: 2, roles: APPLICANTS },
  { key: 'tasks', parent: 'apply', name: '审批待办', nameEn: 'Review queue', url: '/apply/tasks', permission: Permission.workflowReview, icon: 'tasks', sort: 3, roles: REVIEWERS },
  { key: 'leaveAll', parent: 'apply', name: '申请记录', nameEn: 'Application records', url: '/apply/leave/all', permission: Permission.workflowReview, icon: 'archive', sort: 4, roles: REVIEWERS },
  { key: 'leaveDetail', parent: 'apply', name: '申请详情', nameEn: 'Application', url: '/apply/leave/detail', permission: 'menu:leave_detail', icon: 'file alternate', sort: 9, remark: { hidden: true, noCache: true }, roles: [...APPLICANTS, ...REVIEWERS] },
  // 问卷管理 (issue 25, docs/adr/0038-questionnaires.md#routes): the list and the form for managers, answering for everyone
  { key: 'survey', name: resources.zh.surveys.page.group, nameEn: resources.en.surveys.page.group, url: '/survey', permission: 'menu:survey', icon: 'clipboard list', sort: 50, roles: ALL_ROLES },
  ...pageMenus('survey', SURVEY_PAGES, (key, lang) => resources[lang].surveys.page[key as (typeof SURVEY_PAGES)[number]['key']], (permission) => (permission === SURVEY_MANAGE_PERMISSION ? [RoleCode.admin] : ALL_ROLES)),
  { key: 'messages', name: '消息中心', nameEn: 'Messages', url: '/messageCenter', permission: 'menu:message', icon: 'bell outline', sort: 70, roles: ALL_ROLES },
  { key: 'inbox', parent: 'messages', name: '我的消息', nameEn: 'My messages', url: '/messageCenter/xxzx', permission: Permission.messageView, icon: 'envelope outline', sort: 1, roles: ALL_ROLES },
  // 咨询管理 (issue 26, docs/product/consultation.md): the agents' queue; migrations/1732000042000 adds it to existing schools
  { key: 'consult', name: resources.zh.consult.page.agent, nameEn: resources.en.consult.page.agent, url: CONSULT_AGENT_ROUTE, permission: CONSULT_PERMISSION, icon: 'comments outline', sort: 75, roles: [RoleCode.admin, RoleCode.office] },
  // 消息中心's channels (issue 26 part 2, docs/adr/0041-message-channels.md#pages): configuration and monitoring for administrators, each user's own channels for all
  ...pageMenus('messages', CHANNEL_PAGES, (key, lang) => resources[lang].channels.page[key as (typeof CHANNEL_PAGES)[number]['key']], (permission) => (permission === Permission.messageView ? ALL_ROLES : [RoleCode.admin])),
  { key: 'weChat', name: resources.zh.channels.page.wechatGroup, nameEn: resources.en.channels.page.wechatGroup, url: '/weChat', permission: 'menu:wechat', icon: 'wechat', sort: 75, roles: [RoleCode.admin] },
  ...pageMenus('weChat', WECHAT_PAGES, (key, lang) => resources[lang].channels.page[key as (typeof WECHAT_PAGES)[number]['key']], () => [RoleCode.admin]),
  { key: 'personal', name: '个人中心', nameEn: 'Personal', url: '/personal', permission: 'menu:personal', icon: 'user', sort: 80, roles: ALL_ROLES },
  { key: 'security', parent: 'personal', name: '账号安全', nameEn: 'Account security', url: '/qt_app/AccountSecurity', permission: Permission.accountSecurity, icon: 'shield', sort: 1, roles: ALL_ROLES },
  // 待办 (docs/product/office.md#to-dos): everyone's own to-dos, full page and phone page; migrations/1732000047000 adds them to existing schools
  { key: 'todos', parent: 'personal', name: resources.zh.web.todos.title, nameEn: resources.en.web.todos.title, url: TODOS_PAGE.url, permission: TODOS_PAGE.permission, icon: TODOS_PAGE.icon, sort: TODOS_PAGE.sort, roles: ALL_ROLES },
  { key: 'todosPhone', parent: 'personal', name: resources.zh.web.todos.phoneTitle, nameEn: resources.en.web.todos.phoneTitle, url: TODOS_PHONE_PAGE.url, permission: TODOS_PHONE_PAGE.permission, icon: TODOS_PHONE_PAGE.icon, sort: TODOS_PHONE_PAGE.sort, roles: ALL_ROLES },
  // 用户反馈 (docs/adr/0051-feedback.md#routes): 我的反馈 under 个人中心 for every role, 反馈处理 for its handlers; migrations/1732000051000 adds them to existing schools
  ...FEEDBACK_PAGES.map((p) => ({ key: `feedback-${p.key}`, ...(p.parent ? { parent: 'personal' } : {}), name: resources.zh.feedback.page[p.key], nameEn: resources.en.feedback.page[p.key], url: p.url, permission: p.permission, icon: p.icon, sort: p.sort, roles: [...p.roles] })),
  // 考勤 (docs/adr/0052-attendance.md#routes): 考勤管理 with 学生考勤 and 考勤设置, 教师考勤 (phone) under 个人中心; the grants are
  // grantAttendance's (migrations/1732000052000, which adds them to existing schools)
  { key: 'kqgl', name: resources.zh.attendance.page.group, nameEn: resources.en.attendance.page.group, ...ATTENDANCE_PAGES.group, roles: [] },
  { key: 'kqglStudents', parent: 'kqgl', name: resources.zh.attendance.page.students, nameEn: resources.en.attendance.page.students, ...ATTENDANCE_PAGES.students, roles: [] },
  { key: 'kqglSettings', parent: 'kqgl', name: resources.zh.attendance.page.settings, nameEn: resources.en.attendance.page.settings, ...ATTENDANCE_PAGES.settings, roles: [] },
  { key: 'jskq', parent: 'personal', name: resources.zh.attendance.page.checkin, nameEn: resources.en.attendance.page.checkin, ...ATTENDANCE_PAGES.checkin, roles: [] },
  // 人脸识别 (docs/adr/0063-face-recognition.md#routes): 人脸注册, 人脸分组, 识别设置; the grants are grantFaceRecognition's
  // (migrations/1732000062000, which adds them to existing schools)
  { key: 'face', name: resources.zh.faces.page.group, nameEn: resources.en.faces.page.group, ...FACE_PAGES.group, roles: [] },
  { key: 'faceRegistration', parent: 'face', name: resources.zh.faces.page.registration, nameEn: resources.en.faces.page.registration, ...FACE_PAGES.registration, roles: [] },
  { key: 'faceGroups', parent: 'face', name: resources.zh.faces.page.groups, nameEn: resources.en.faces.page.groups, ...FACE_PAGES.groups, roles: [] },
  { key: 'faceConfig', parent: 'face', name: resources.zh.faces.page.config, nameEn: resources.en.faces.page.config, ...FACE_PAGES.config, roles: [] },
  // 项目管理 (docs/adr/0059-projects.md#pages): the console page and the phone page for the staff; migrations/1732000059000 adds them to existing schools
  { key: 'projects', name: resources.zh.projects.page.title, nameEn: resources.en.projects.page.title, url: PROJECTS_PAGE.url, permission: PROJECTS_PAGE.permission, icon: PROJECTS_PAGE.icon, sort: PROJECTS_PAGE.sort, roles: STAFF_ROLES },
  { key: 'projectsPhone', parent: 'personal', name: resources.zh.projects.page.phoneTitle, nameEn: resources.en.projects.page.phoneTitle, url: PROJECTS_PHONE_PAGE.url, permission: PROJECTS_PHONE_PAGE.permission, icon: PROJECTS_PHONE_PAGE.icon, sort: PROJECTS_PHONE_PAGE.sort, roles: STAFF_ROLES },
  // 图片管理 (docs/product/campus-life.md#pictures): every role sees the albums shared with it; migrations/1732000065000 adds it to existing schools
  { key: 'pictures', name: resources.zh.pictures.page.title, nameEn: resources.en.pictures.page.title, url: PICTURES_PAGE.url, permission: PICTURES_PAGE.permission, icon: PICTURES_PAGE.icon, sort: PICTURES_PAGE.sort, roles: ALL_ROLES },
  { key: 'ms', name: '系统管理', nameEn: 'System', url: '/ms', permission: 'menu:ms', icon: 'setting', sort: 100, roles: [RoleCode.admin] },
  { key: 'users', parent: 'ms', name: '用户管理', nameEn: 'Users', url: '/ms/user', permission: Permission.userList, icon: 'users', sort: 10, roles: [RoleCode.admin] },
  { key: 'roleTypes', parent: 'ms', name: '角色类型', nameEn: 'Role types', url: '/ms/roleType', permission: Permission.roleList, icon: 'tags', sort: 15, roles: [RoleCode.admin] },
  { key: 'roles', parent: 'ms', name: '角色管理', nameEn: 'Roles', url: '/ms/role', permission: Permission.roleList, icon: 'id badge', sort: 20, roles: [RoleCode.admin] },
  { key: 'menus', parent: 'ms', name: '菜单管理', nameEn: 'Menus', url: '/ms/menus', permission: Permission.menuList, icon: 'sitemap', sort: 30, roles: [RoleCode.admin] },
  { key: 'orgs', parent: 'ms', name: '组织机构', nameEn: 'Organisations', url: '/org', permission: Permission.userList, icon: 'building', sort: 40, roles: [RoleCode.admin] },
  { key: 'dicts', parent: 'ms', name: '数据字典', nameEn: 'Dictionaries', url: '/ms/dict', permission: Permission.dictList, icon: 'book', sort: 50, roles: [RoleCode.admin] },
  // 法定节假日设置 (docs/product/office.md#public-holidays); migrations/1732000045000 adds it to existing schools
  { key: 'holidays', parent: 'ms', name: resources.zh.web.holidays.title, nameEn: resources.en.web.holidays.title, url: HOLIDAYS_PAGE.url, permission: HOLIDAYS_PAGE.permission, icon: HOLIDAYS_PAGE.icon, sort: HOLIDAYS_PAGE.sort, roles: [RoleCode.admin] },
  // 首页卡片管理 (docs/product/administration.md#home-cards); migrations/1732000065500 adds it to existing schools
  { key: 'homeCards', parent: 'ms', name: resources.zh.pictures.cards.title, nameEn: resources.en.pictures.cards.title, url: HOME_CARDS_PAGE.url, permission: HOME_CARDS_PAGE.permission, icon: HOME_CARDS_PAGE.icon, sort: HOME_CARDS_PAGE.sort, roles: [RoleCode.admin] },
  // 界面语言 (docs/product/administration.md#interface-languages); migrations/1732000064000 adds it to existing schools
  { key: 'languages', parent: 'ms', name: resources.zh.languages.page.title, nameEn: resources.en.languages.page.title, url: UI_STRINGS_PAGE.url, permission: UI_STRINGS_PAGE.permission, icon: UI_STRINGS_PAGE.icon, sort: UI_STRINGS_PAGE.sort, roles: [RoleCode.admin] },
  { key: 'config', parent: 'ms', name: '系统配置', nameEn: 'Configuration', url: '/ms/systemConfig', permission: Permission.configEdit, icon: 'cogs', sort: 60, roles: [RoleCode.admin] },
  { key: 'monitor', parent: 'ms', name: '服务监控', nameEn: 'Server monitor', url: '/serverMonitor', permission: Permission.monitorView, icon: 'heartbeat', sort: 70, roles: [RoleCode.admin] },
  { key: 'logs', parent: 'ms', name: '操作日志', nameEn: 'Operation log', url: '/ms/logs', permission: Permission.logView, icon: 'history', sort: 90, roles: [RoleCode.admin] },
  // 自定义页面 (docs/adr/0056-custom-pages.md#routes): the manager shown, the designer and the preview opened from it; migrations/1732000056000 adds them to existing schools
  { key: 'customPages', name: resources.zh.pages.page.group, nameEn: resources.en.pages.page.group, url: CUSTOM_PAGES_GROUP.url, permission: CUSTOM_PAGES_GROUP.permission, icon: CUSTOM_PAGES_GROUP.icon, sort: CUSTOM_PAGES_GROUP.sort, roles: [RoleCode.admin] },
  ...CUSTOM_PAGES.map((p) => ({ key: `customPages-${p.key}`, parent: 'customPages', name: resources.zh.pages.page[p.key], nameEn: resources.en.pages.page[p.key], url: p.url, permission: p.permission, icon: p.icon, sort: p.sort, ...(p.hidden ? { remark: { hidden: true, noCache: true } } : {}), roles: [RoleCode.admin] })),
  { key: 'demo', name: '组件示例', nameEn: 'Demo', url: '/demo', permission: 'menu:demo', icon: 'puzzle', sort: 190, roles: [RoleCode.admin] },
  { key: 'widgets', parent: 'demo', name: '通用组件', nameEn: 'Widgets', url: '/demo/others', permission: 'menu:demo_widgets', icon: 'puzzle piece', sort: 1, roles: [RoleCode.admin] },
  { key: 'demo_icons', parent: 'demo', name: '图标', nameEn: 'Icons', url: '/demo/icons', permission: 'menu:demo_icons', icon: 'font awesome', sort: 2, roles: [RoleCode.admin] },
  { key: 'demo_buttons', parent: 'demo', name: '按钮', nameEn: 'Buttons', url: '/demo/buttons', permission: 'menu:demo_buttons', icon: 'hand pointer outline', sort: 3, roles: [RoleCode.admin] },
  { key: 'demo_page_header', parent: 'demo', name: '页头', nameEn: 'Page header', url: '/demo/pagHeader', permission: 'menu:demo_page_header', icon: 'heading', sort: 4, roles: [RoleCode.admin] },
  { key: 'demo_table_wrap', parent: 'demo', name: '表格', nameEn: 'Table', url: '/demo/tableWrap', permission: 'menu:demo_table_wrap', icon: 'table', sort: 5, roles: [RoleCode.admin] },
  { key: 'demo_pagination', parent: 'demo', name: '分页', nameEn: 'Pagination', url: '/demo/pagination', permission: 'menu:demo_pagination', icon: 'ellipsis horizontal', sort: 6, roles: [RoleCode.admin] },
  { key: 'demo_layout', parent: 'demo', name: '布局', nameEn: 'Layout', url: '/demo/layout', permission: 'menu:demo_layout', icon: 'columns', sort: 7, roles: [RoleCode.admin] },
  { key: 'demo_editor', parent: 'demo', name: '富文本编辑器', nameEn: 'Rich-text editor', url: '/demo/editor', permission: 'menu:demo_editor', icon: 'edit outline', sort: 8, roles: [RoleCode.admin] },
  { key: 'demo_sticky', parent: 'demo', name: '吸顶与吸底', nameEn: 'Sticky bars', url: '/demo/sticky', permission: 'menu:demo_sticky', icon: 'thumbtack', sort: 9, roles: [RoleCode.admin] },
  { key: 'docs', name: '接口文档', nameEn: 'API docs', url: '/server/docs', permission: 'menu:docs', icon: 'book', sort: 200, remark: { cdwz: 'top' }, roles: [RoleCode.admin] },
];

const ROLES: { code: string; name: string; nameEn: string }[] = [
  { code: RoleCode.admin, name: '管理员', nameEn: 'Administrator' },
  { code: RoleCode.principal, name: '校长', nameEn: 'Principal' },
  { code: RoleCode.office, name: '审核人（教务处）', nameEn: 'Reviewer (school office)' },
  { code: RoleCode.headTeacher, name: '班主任', nameEn: 'Head teacher' },
  { code: RoleCode.gradeLeader, name: '年级组长', nameEn: 'Grade leader' },
  { code: RoleCode.teacher, name: '教师', nameEn: 'Teacher' },
  { code: RoleCode.student, name: '学生', nameEn: 'Student' },
  { code: RoleCode.parent, name: '家长', nameEn: 'Parent' },
  { code: RoleCode.repairman, name: '维修工', nameEn: 'Maintenance worker' },
  { code: RoleCode.doctor, name: '校医', nameEn: 'School doctor' },
];

const DEMO_USERS: { account: string; name: string; type: string; roles: string[]; dept: string }[] = [
  { account: 'admin', name: '系统管理员', type: UserType.admin, roles: [RoleCode.admin], dept: 'IT' },
  { account: 'principal', name: '王校长', type: UserType.teacher, roles: [RoleCode.principal], dept: 'PRINCIPAL' },
  { account: 'office', name: '李主任', type: UserType.teacher, roles: [RoleCode.office], dept: 'OFFICE' },
  { account: 'headteacher', name: '张老师', type: UserType.teacher, roles: [RoleCode.headTeacher, RoleCode.teacher], dept: 'G10' },
  { account: 'teacher', name: '陈老师', type: UserType.teacher, roles: [RoleCode.teacher], dept: 'MATHS' },
];

/** Course colours of the timetable (a course's `colour`). */
const COLOURS = ['#DB2828', '#F2711C', '#FBBD08', '#B5CC18', '#21BA45', '#00B5AD', '#2185D0', '#6435C9', '#A333C8', '#E03997'];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = ['子轩', '浩然', '梓涵', '一诺', '欣怡', '宇轩', '思远', '雨桐', '俊杰', '佳怡', '诗涵', '博文', '梦瑶', '天佑', '嘉怡', '泽宇', '可馨', '明哲', '语嫣', '晨阳', '若曦', '皓轩', '雅琪', '子墨', '安然', '书豪', '静怡', '昊天', '心悦', '逸飞'];
/** The same names in pinyin, in the same order (a student's English name: certificates in English print it). */
const SURNAMES_EN = 'Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Gao Lin Luo Zheng Liang Xie Song Tang Xu Han Feng Deng Cao Peng Zeng Xiao Tian Dong Yuan Pan Yu Jiang Cai Yu Du Ye Cheng Su Wei Lyu Ding Ren Shen Yao Lu Jiang Cui Zhong Tan Lu Wang Fan Jin Shi Liao Jia Xia Wei Fu Fang Bai Zou Meng Xiong Qin Qiu Jiang Yin Xue Yan Duan Lei Hou Long Shi Tao Li He Gu Mao Hao Gong Shao Wan Qian Yan Qin Wu Dai Mo Kong Xiang Tang'.split(' ');
const GIVEN_EN = 'Zixuan Haoran Zihan Yinuo Xinyi Yuxuan Siyuan Yutong Junjie Jiayi Shihan Bowen Mengyao Tianyou Jiayi Zeyu Kexin Mingzhe Yuyan Chenyang Ruoxi Haoxuan Yaqi Zimo Anran Shuhao Jingyi Haotian Xinyue Yifei'.split(' ');

/**
 * Seeds the demo school on an empty database (no users): roles, menus, grants, the demo accounts of docs/architecture.md#demo-accounts,
 * and base data (campus, building, classrooms, school years, semesters, courses, 3 grades × 2 classes × 30
 * students with accounts, the demo parent, every class's teacher of every course), the published timetable of the
 * current semester made by the scheduler, and the grade settings with the demo's batches (their entry goes through the running engine: `GradesDemoSeed`). Guarded by an advisory lock so two
 * instances starting together seed once.
 */
export async function seedDemoSchool(db: DataSource, config: ServerConfig): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.demoSchoolSeed]);
    const [{ count }] = (await tx.query(`SELECT count(*)::int AS count FROM sys_user`)) as [{ count: number }];
    if (count > 0) return;
    const started = Date.now();
    await seed(tx, config);
    logger.info({ ms: Date.now() - started }, 'demo school seeded');
  });
}

async function seed(tx: EntityManager, config: ServerConfig): Promise<void> {
  const one = async <T>(sql: string, args: unknown[]): Promise<T> => ((await tx.query(sql, args)) as T[])[0] as T;
  const hashFor = async (account: string) => PasswordHasher.hashDigest(await PasswordHasher.digest(config.pwdHashPrefix, account, DEMO_PASSWORD));

  // Roles and grants
  const roleId = new Map<string, string>();
  for (const [i, r] of ROLES.entries()) {
    const row = await one<{ id: string }>(`INSERT INTO sys_role (code, name, name_en, sort, built_in, role_type_id) VALUES ($1, $2, $3, $4, true, (SELECT id FROM sys_role_type WHERE name = '系统角色')) RETURNING id`, [r.code, r.name, r.nameEn, i]);
    roleId.set(r.code, row.id);
  }
  for (const p of Object.values(Permission)) {
    await tx.query(`INSERT INTO sys_role_permission (role_id, permission) VALUES ($1, $2)`, [roleId.get(RoleCode.admin), p]);
  }
  const grant = async (codes: readonly string[], p: string) => {
    for (const code of codes) await tx.query(`INSERT INTO sys_role_permission (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [roleId.get(code), p]);
  };
  await grant([RoleCode.office, RoleCode.principal], Permission.workflowViewAll);
  await grant([RoleCode.admin], SURVEY_MANAGE_PERMISSION);
  await grant([RoleCode.admin, RoleCode.office], CONSULT_PERMISSION);
  await grant([RoleCode.admin, RoleCode.office], FEEDBACK_HANDLE_PERMISSION);
  await grant([RoleCode.admin, RoleCode.office], PICTURES_MANAGE_PERMISSION);
  await grant(ALL_ROLES, Permission.fileUpload);
  for (const code of ALL_ROLES) {
    for (const p of [Permission.dashboardView, Permission.accountSecurity, Permission.messageView]) {
      await tx.query(`INSERT INTO sys_role_permission (role_id, permission) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [roleId.get(code), p]);
    }
  }
  const menuId = new Map<string, string>();
  for (const m of MENUS) {
    const row = await one<{ id: string }>(
      `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [m.parent ? menuId.get(m.parent) : null, m.name, m.nameEn, m.url, m.permission ?? '', m.icon, m.sort, JSON.stringify(m.remark ?? {})],
    );
    menuId.set(m.key, row.id);
    for (const r of m.roles) await tx.query(`INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2)`, [roleId.get(r), row.id]);
  }
  // 选修课's menus came with their migration, before any role existed: granted now (docs/adr/0043-electives.md#menus)
  await grantElectiveMenus(tx);
  await grantAttendance(tx);
  // 内控工作管理's menus likewise (docs/adr/0055-work-tasks.md#pages)
  await grantWorkTaskMenus(tx);
  // 值岗安排's and 用车预订's likewise (docs/adr/0064-duty-rosters.md#access); the demo school's two vehicles
  await grantDutyMenus(tx);
  await grantVehicleMenus(tx);
  await tx.query(`INSERT INTO vehicle (plate, seats, driver, driver_phone) VALUES ('沪A·D1234', 7, '周师傅', '13800000101'), ('沪B·X5678', 19, '吴师傅', '13800000102') ON CONFLICT DO NOTHING`);
  // 知识库's menu likewise, to every role; knowledge:manage came with the administrators' every permission (docs/adr/0060-knowledge-base.md#access)
  await grantKnowledgeMenus(tx);
  // 人脸识别's menus likewise (docs/adr/0063-face-recognition.md#access)
  await grantFaceRecognition(tx);
  // 校历管理's menu and calendar:manage likewise (docs/adr/0058-school-calendar.md#access)
  await grantSchoolCalendar(tx);

  // Organisation
  const deptId = new Map<string, string>();
  const depts: [string, string, string, string | null][] = [
    ['SCHOOL', 'SchoolFlow 实验中学', 'SchoolFlow Experimental High School', null],
    ['PRINCIPAL', '校长室', "Principal's office", 'SCHOOL'],
    ['OFFICE', '教务处', 'Academic office', 'SCHOOL'],
    ['IT', '信息中心', 'IT centre', 'SCHOOL'],
    ['LOGISTICS', '总务处', 'Logistics office', 'SCHOOL'],
    ['MATHS', '数学教研组', 'Mathematics group', 'SCHOOL'],
    ['G10', '高一年级组', 'Grade 10 team', 'SCHOOL'],
    ['G11', '高二年级组', 'Grade 11 team', 'SCHOOL'],
    ['G12', '高三年级组', 'Grade 12 team', 'SCHOOL'],
    ['INFIRMARY', '医务室', 'Infirmary', 'SCHOOL'],
  ];
  for (const [i, [code, name, nameEn, parent]] of depts.entries()) {
    const row = await one<{ id: string }>(`INSERT INTO org_department (parent_id, code, name, name_en, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [parent ? deptId.get(parent) : null, code, name, nameEn, i]);
    deptId.set(code, row.id);
  }

  // People: demo staff, five more teachers (head teachers of the other classes), students and the demo parent
  const userId = new Map<string, string>();
  const staff = [
    ...DEMO_USERS,
    ...[1, 2, 3, 4, 5].map((n) => ({ account: `teacher0${n}`, name: `${SURNAMES[n + 10]}老师`, type: UserType.teacher, roles: [RoleCode.headTeacher, RoleCode.teacher], dept: n < 2 ? 'G10' : n < 4 ? 'G11' : 'G12' })),
    // 维修工, after the others (their demo numbers stay): repair work orders are dispatched to him (docs/product/repairs.md#demo)
    { account: 'repairman', name: '赵师傅', type: UserType.teacher, roles: [RoleCode.repairman], dept: 'LOGISTICS' },
    // 校医, last again: the health records' keeper (docs/product/campus-life.md#health-care)
    { account: 'doctor', name: '孙医生', type: UserType.teacher, roles: [RoleCode.doctor], dept: 'INFIRMARY' },
  ];
  const addUser = async (account: string, name: string, type: string, roles: string[], dept: string | null, hash: string): Promise<string> => {
    const row = await one<{ id: string }>(`INSERT INTO sys_user (account, name, user_type, password_hash, department_id) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [account, name, type, hash, dept ? deptId.get(dept) : null]);
    for (const r of roles) await tx.query(`INSERT INTO sys_user_role (user_id, role_id) VALUES ($1, $2)`, [row.id, roleId.get(r)]);
    userId.set(account, row.id);
    return row.id;
  };
  const staffHashes = await Promise.all(staff.map((s) => hashFor(s.account)));
  for (const [i, s] of staff.entries()) await addUser(s.account, s.name, s.type, s.roles, s.dept, staffHashes[i] as string);

  // Campus, building, classrooms
  const campus = await one<{ id: string }>(`INSERT INTO campus (code, name, name_en, address, phone, area, building_area, head, postal_code) VALUES ('1', '主校区', 'Main campus', '上海市浦东新区学府路 1 号', '021-55550000', 86000, 42000, '王校长', '200120') RETURNING id`, []);
  const building = await one<{ id: string }>(`INSERT INTO building (campus_id, code, name, name_en, floors, sort) VALUES ($1, 'A', '明德楼', 'Mingde Building', 5, 1) RETURNING id`, [campus.id]);
  const roomIds: string[] = [];
  for (let floor = 1; floor <= 3; floor++) {
    for (let n = 1; n <= 4; n++) {
      const code = `A${floor}0${n}`;
      const row = await one<{ id: string }>(`INSERT INTO classroom (building_id, code, name, seats, exam_seats, lendable, sort) VALUES ($1, $2, $3, 48, 30, $4, $5) RETURNING id`, [building.id, code, `${code} 教室`, n === 4, floor * 10 + n]);
      roomIds.push(row.id);
    }
  }

  // School years and semesters, dated from the day of seeding: last year, this one, the next (docs/adr/0030)
  const calendar = demoCalendar(config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10));
  let currentSemester = '';
  let currentYear = '';
  for (const [i, y] of calendar.schoolYears.entries()) {
    const sy = await one<{ id: string }>(`INSERT INTO school_year (code, name, name_en, year, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [y.code, y.name, y.nameEn, y.year, i]);
    if (y === calendar.currentYear) currentYear = sy.id;
    for (const [j, t] of y.semesters.entries()) {
      const row = await one<{ id: string }>(
        `INSERT INTO semester (school_year_id, code, name, name_en, is_current, work_start, work_end, teaching_start, teaching_end, work_weeks, teaching_weeks, sort)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $6, $10, 20, $9, $8) RETURNING id`,
        [sy.id, t.code, t.name, t.nameEn, t.current, t.start, t.end, j, DEMO_TEACHING_WEEKS, t.teachingEnd],
      );
      if (t.current) currentSemester = row.id;
    }
  }

  // Majors (a high school's tracks) and the staff record of every teacher (docs/product/base-data.md#staff)
  const majorId = new Map<string, string>();
  for (const [i, [code, name, group]] of ([['SCI', '理科方向', '理工'], ['HUM', '文科方向', '人文'], ['ART', '艺术特长', '艺术']] as const).entries()) {
    const row = await one<{ id: string }>(`INSERT INTO major (code, name, sort, group_name, introduction) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [code, name, i, group, `${name}：高中阶段的选科方向`]);
    majorId.set(code, row.id);
  }
  for (const [i, st] of staff.entries()) {
    const born = `${1975 + (i % 15)}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + ((i * 7) % 28)).padStart(2, '0')}`;
    const idNumber = withCheckCharacter(`310115${born}${String(100 + i * 2 + 1).padStart(3, '0')}`);
    const birthDate = `${born.slice(0, 4)}-${born.slice(4, 6)}-${born.slice(6, 8)}`;
    await tx.query(
      `INSERT INTO staff (user_id, name, gender, id_number, phone, short_number, email, postal_code, birth_date, work_start, arrival_date, department_id)
       VALUES ($1, $2, 'M', $3, $4, $5, $6, '200120', $7, ($7::date + interval '23 years')::date, ($7::date + interval '25 years')::date, (SELECT department_id FROM sys_user WHERE id = $1))`,
      [userId.get(st.account), st.name, idNumber, `1380000${String(1000 + i).slice(-4)}`, String(6100 + i), `${st.account}@schoolflow.example`, birthDate],
    );
  }
  // 非编教职工 (docs/product/base-data.md#non-establishment-staff): the repairman an agency's, his contract ending in 20 days
  // (flagged); the doctor on a two-year contract — dated from the day of seeding
  const seededOn = config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10);
  await tx.query(
    `UPDATE staff SET employment = 'outsourced', agency = '申城物业服务有限公司', contract_start = $2::date - 345, contract_end = $2::date + 20 WHERE user_id = $1`,
    [userId.get('repairman'), seededOn],
  );
  await tx.query(`UPDATE staff SET employment = 'contract', contract_start = $2::date - 335, contract_end = $2::date + 395 WHERE user_id = $1`, [userId.get('doctor'), seededOn]);

  // Courses
  const courses: [string, string, string][] = [
    ['CHN', '语文', 'Chinese'], ['MATH', '数学', 'Mathematics'], ['ENG', '英语', 'English'], ['PHY', '物理', 'Physics'],
    ['CHEM', '化学', 'Chemistry'], ['BIO', '生物', 'Biology'], ['HIS', '历史', 'History'], ['GEO', '地理', 'Geography'],
    ['POL', '思想政治', 'Politics'], ['PE', '体育与健康', 'Physical education'],
  ];
  const courseId = new Map<string, string>();
  for (const [i, [code, name, nameEn]] of courses.entries()) {
    const row = await one<{ id: string }>(
      `INSERT INTO course (code, name, name_en, short_name, sort, credits, total_hours, theory_hours, experiment_hours, type, category, national, colour, description)
       VALUES ($1, $2, $3, $2, $4, 2, 72, $5, $6, 'required', 'basic', true, $7, $8) RETURNING id`,
      [code, name, nameEn, i, ['PHY', 'CHEM', 'BIO'].includes(code) ? 54 : 72, ['PHY', 'CHEM', 'BIO'].includes(code) ? 18 : 0, COLOURS[i % COLOURS.length], `${name}（国家课程）`],
    );
    courseId.set(code, row.id);
  }

  // Research groups (教研组), one per subject, led by the demo teachers where there are any
  for (const [i, [code, name]] of courses.entries()) {
    await tx.query(`INSERT INTO research_group (code, name, leader_id, course_id, sort) VALUES ($1, $2, $3, $4, $5)`, [`RG${code}`, `${name}教研组`, code === 'MATH' ? userId.get('teacher') : code === 'CHN' ? userId.get('headteacher') : null, courseId.get(code), i]);
  }
  // Repair types (docs/product/repairs.md#demo): the office dispatches them all
  for (const [i, [name, description]] of ([['水电', '水管、电路、开关插座、灯具'], ['门窗', '门锁、门窗、玻璃、纱窗'], ['多媒体设备', '投影、电脑、音响、电子白板'], ['网络', '有线网络、无线网络、电话']] as const).entries()) {
    await tx.query(`INSERT INTO repair_type (name, description, sort) VALUES ($1, $2, $3)`, [name, description, i + 1]);
  }


  // Grades, classes, students. docs/architecture.md#demo-accounts puts student 202511001 in 高一(1)班, so 高一 is the 2025 intake here: the demo's
  // people are fixed identities (the contract's accounts); only its calendar is dated from the day it is seeded.
  const grades = [
    { code: 'G10', name: '高一', nameEn: 'Grade 10', year: 2025, heads: ['headteacher', 'teacher01'] },
    { code: 'G11', name: '高二', nameEn: 'Grade 11', year: 2024, heads: ['teacher02', 'teacher03'] },
    { code: 'G12', name: '高三', nameEn: 'Grade 12', year: 2023, heads: ['teacher04', 'teacher05'] },
  ];
  const students: { account: string; name: string; nameEn: string; classId: string; gender: 'M' | 'F'; year: number }[] = [];
  let room = 0;
  let nameSeed = 0;
  for (const [gi, g] of grades.entries()) {
    const serial = { M: 0, F: 0 };
    for (let c = 1; c <= 2; c++) {
      const cls = await one<{ id: string }>(
        `INSERT INTO admin_class (grade, enrollment_year, code, name, name_en, short_name, head_teacher_id, classroom_id, sort, major_id)
         VALUES ($1, $9, $2, $3, $4, $5, $6, $7, $8, $10) RETURNING id`,
        [10 + gi, `${g.year}0${c}`, `${g.name}(${c})班`, `${g.nameEn} Class ${c}`, `${g.name}${c}班`, userId.get(g.heads[c - 1] as string), roomIds[room++], c, g.year, majorId.get(c === 1 ? 'SCI' : 'HUM')],
      );
      // Every course of every class has its teacher this semester (a batch's sheets go to them; docs/product/grades.md#opening-a-batch).
      await tx.query(
        `INSERT INTO teaching_assignment (teacher_id, class_id, course_id, semester_id)
         SELECT (a->>'teacher')::uuid, $1, (a->>'course')::uuid, $2 FROM jsonb_array_elements($3::jsonb) a`,
        [cls.id, currentSemester, JSON.stringify(courses.map(([code], ci) => ({ teacher: userId.get(subjectTeacher(gi, code, ci)), course: courseId.get(code) })))],
      );
      for (let s = 0; s < 30; s++) {
        const gender: 'M' | 'F' = s % 2 === 0 ? 'M' : 'F';
        serial[gender] += 1;
        // {YYYY}{XB}{XQ}{LSH}: enrollment year, gender (1 male, 2 female), campus 1, serial
        const no = `${g.year}${gender === 'M' ? 1 : 2}1${String(serial[gender]).padStart(3, '0')}`;
        const name = `${SURNAMES[nameSeed % SURNAMES.length]}${GIVEN[(nameSeed * 7) % GIVEN.length]}`;
        const nameEn = `${SURNAMES_EN[nameSeed % SURNAMES_EN.length]} ${GIVEN_EN[(nameSeed * 7) % GIVEN_EN.length]}`;
        nameSeed += 1;
        students.push({ account: no, name, nameEn, classId: cls.id, gender, year: g.year });
      }
    }
  }
  const studentHashes = await Promise.all(students.map((s) => hashFor(s.account)));
  const studentId = new Map<string, string>();
  for (const [i, s] of students.entries()) {
    const uid = await addUser(s.account, s.name, UserType.student, [RoleCode.student], null, studentHashes[i] as string);
    // The whole record (docs/product/base-data.md#students): an ID number with its check character, born 15 years before the intake; two guardians.
    const born = `${s.year - 15}${String(1 + (i % 12)).padStart(2, '0')}${String(1 + ((i * 11) % 28)).padStart(2, '0')}`;
    const serial = String(100 + (i % 400) * 2 + (s.gender === 'M' ? 1 : 0)).padStart(3, '0');
    const idNumber = withCheckCharacter(`310115${born}${serial}`);
    const row = await one<{ id: string }>(
      `INSERT INTO student (user_id, student_no, registration_no, name, name_en, gender, class_id, enrollment_year, ethnicity, nationality, birth_date, id_type, id_number,
                            native_place, political_outlook, campus_id, admission_date, enrollment_way, personnel_type, previous_school,
                            household_address, household_district, residence_address, residence_district, shanghai_contact, health_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, '汉族', '中国', $9, 'resident', $10, '上海', '共青团员', $11, $12, '中考录取', '本市户籍', $13,
               $14, '浦东新区', $14, '浦东新区', $15, '良好') RETURNING id`,
      [uid, s.account, `G${idNumber}`, s.name, s.nameEn, s.gender, s.classId, s.year, `${born.slice(0, 4)}-${born.slice(4, 6)}-${born.slice(6, 8)}`, idNumber, campus.id, `${s.year}-09-01`,
       `浦东新区第${(i % 9) + 1}中学`, `上海市浦东新区学府路 ${100 + i} 号`, `${s.name.slice(0, 1)}先生 1390000${String(1000 + i).slice(-4)}`],
    );
    studentId.set(s.account, row.id);
    const surname = s.name.slice(0, 1);
    await tx.query(
      `INSERT INTO student_guardian (student_id, position, name, relationship, mobile, employer, education, age) VALUES
         ($1, 0, $2, 'father', $3, '上海某科技有限公司', '本科', 45), ($1, 1, $4, 'mother', $5, '浦东新区某医院', '硕士', 43)`,
      [row.id, `${surname}建国`, `1390000${String(1000 + i).slice(-4)}`, `${SURNAMES[(i + 7) % SURNAMES.length]}秀英`, `1370000${String(1000 + i).slice(-4)}`],
    );
  }
  // The demo student account `student` is student 202511001 (docs/architecture.md#demo-accounts): rename that account.
  await tx.query(`UPDATE sys_user SET account = 'student' WHERE account = '202511001'`);
  await tx.query(`UPDATE sys_user SET password_hash = $1 WHERE account = 'student'`, [await hashFor('student')]);
  // Parent of 202511001: account prefix jz + student number (docs/product/base-data.md#accounts-and-initial-passwords).
  const parent = await addUser('jz202511001', `${students[0]?.name.slice(0, 1) ?? '张'}家长`, UserType.other, [RoleCode.parent], null, await hashFor('jz202511001'));
  await tx.query(`INSERT INTO guardian (user_id, student_id, relation) VALUES ($1, $2, 'father')`, [parent, studentId.get('202511001')]);
  await tx.query(`UPDATE student_guardian SET user_id = $1 WHERE student_id = $2 AND position = 0`, [parent, studentId.get('202511001')]);
  // A parent of two children in one class (202511002 and 202521002, 高一(1)班; docs/architecture.md#demo-accounts): a notice or
  // homework to the class reaches both, so the parent confirms and hands in for each (docs/product/publishing.md#receipts).
  const twoChildren = ['202511002', '202521002'];
  const parentOfTwo = await addUser('jz202511002', `${students.find((s) => s.account === '202511002')?.name.slice(0, 1) ?? '李'}家长`, UserType.other, [RoleCode.parent], null, await hashFor('jz202511002'));
  for (const no of twoChildren) {
    await tx.query(`INSERT INTO guardian (user_id, student_id, relation) VALUES ($1, $2, 'mother')`, [parentOfTwo, studentId.get(no)]);
    await tx.query(`UPDATE student_guardian SET user_id = $1 WHERE student_id = $2 AND position = 1`, [parentOfTwo, studentId.get(no)]);
  }

  await seedGradeSettings(tx, { semesterId: currentSemester, schoolYearId: currentYear, courseId, weeks: calendar.batches });
  await seedDemoTimetable(tx, { semesterId: currentSemester, semesterName: calendar.current.name, buildingId: building.id, adminId: userId.get('admin') as string, courseId, userId });
  await seedDemoElectives(tx, { semesterId: currentSemester, userId });
  await seedDemoSurveys(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10), adminId: userId.get('admin') as string, timeZone: config.timeZone });
  await seedDemoAttendance(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10), timeZone: config.timeZone });
  await seedDemoHealth(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10) });
  await seedDemoEvaluations(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10), timeZone: config.timeZone, schoolYearId: currentYear, semesterId: currentSemester, adminId: userId.get('admin') as string });
  await seedDemoDormitories(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10), adminId: userId.get('admin') as string });
  await seedDemoPages(tx, { adminId: userId.get('admin') as string, roleId });
  await seedDemoProjects(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10), userId });
  await seedDemoKnowledge(tx);
  await seedDemoSchoolCalendar(tx, { semester: calendar.current, midterm: calendar.batches.midterm, adminId: userId.get('admin') as string });
  await seedDemoOrganisations(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10) });
  await seedDemoDailySchedule(tx, { today: config.demoToday ?? formatSchoolTime(Date.now(), config.timeZone).slice(0, 10) });
}

/**
 * Who teaches a course to the classes of a grade (every class × course has a teacher, so a batch's sheets all have
 * one): `teacher` maths and `headteacher` Chinese in 高一 (docs/architecture.md#demo-accounts), the five other teachers the rest in turn.
 */
function subjectTeacher(gradeIndex: number, course: string, courseIndex: number): string {
  if (gradeIndex === 0 && course === 'MATH') return 'teacher';
  if (gradeIndex === 0 && course === 'CHN') return 'headteacher';
  return `teacher0${1 + ((gradeIndex * 10 + courseIndex) % 5)}`;
}

/** The demo school's grade batches by name (the grades demo seeder opens, fills and publishes them after start). */
export const DEMO_BATCHES = {
  /** One mid-term per grade, every course: entered, confirmed and published once the app runs. */
  midterms: [
    { name: '高一期中考试', grade: '10' },
    { name: '高二期中考试', grade: '11' },
    { name: '高三期中考试', grade: '12' },
  ],
  /** 高一's monthly test of three courses: opened, left with its teachers (one sheet half typed). */
  monthly: { name: '高一第一次月考', grade: '10', courses: ['CHN', 'MATH', 'ENG'] },
} as const;

/** The 100-point scale's ranks (docs/product/grades.md#grade-scales): name, lowest, highest, converted score. */
const RANKS_100: [string, number, number, number][] = [['A', 85, 100, 95], ['B', 75, 84.99, 80], ['C', 60, 74.99, 67], ['D', 0, 59.99, 40]];
const RANKS_150: [string, number, number, number][] = [['A', 127.5, 150, 142.5], ['B', 112.5, 127.49, 120], ['C', 90, 112.49, 100], ['D', 0, 89.99, 60]];
/** Full marks and weight of each course in a mid-term (Chinese, maths and English are 150-point papers; weights total 100). */
const MIDTERM_COURSES: Record<string, { fullMarks: number; weight: number }> = {
  CHN: { fullMarks: 150, weight: 15 }, MATH: { fullMarks: 150, weight: 15 }, ENG: { fullMarks: 150, weight: 15 },
  PHY: { fullMarks: 100, weight: 10 }, CHEM: { fullMarks: 100, weight: 10 }, BIO: { fullMarks: 100, weight: 10 },
  HIS: { fullMarks: 100, weight: 7 }, GEO: { fullMarks: 100, weight: 6 }, POL: { fullMarks: 100, weight: 7 }, PE: { fullMarks: 100, weight: 5 },
};
/** The questions of 高一's mid-term maths paper (小分): the question score rate analysis reads them. */
const MATH_ITEMS: [string, number, number][] = [['选择题', 40, 27], ['填空题', 20, 13], ['解答题', 90, 60]];

/**
 * Grade settings of the demo (docs/product/grades.md#settings): exam nodes, a 100-point and a 150-point scale with ranks, the current
 * school year's conversion rules, a mid-term batch per grade with every course, and 高一's monthly test. Entry itself
 * (the grade-confirmation instances, scores, publishing) needs the running engine: the grades demo seeder does it.
 */
async function seedGradeSettings(tx: EntityManager, at: { semesterId: string; schoolYearId: string; courseId: Map<string, string>; weeks: DemoCalendar['batches'] }): Promise<void> {
  const one = async (sql: string, args: unknown[]): Promise<string> => ((await tx.query(sql, args)) as { id: string }[])[0]?.id as string;
  const node = new Map<string, string>();
  for (const [i, [code, name, en, weight]] of ([['MID', '期中考试', 'Mid-term', 40], ['FINAL', '期末考试', 'Final exam', 60], ['MONTHLY', '月考', 'Monthly test', 0]] as const).entries()) {
    node.set(code, await one(`INSERT INTO grade_exam_node (code, name, english_name, weight, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [code, name, en, weight, i + 1]));
  }
  const scale = async (name: string, full: number, pass: number, excellent: number, ranks: [string, number, number, number][], sort: number): Promise<string> => {
    const id = await one(`INSERT INTO grade_scale (name, full_score, pass_line, excellent_line, sort) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [name, full, pass, excellent, sort]);
    await tx.query(
      `INSERT INTO grade_scale_rank (scale_id, position, name, min_score, max_score, converted_score)
       SELECT $1, r.ord - 1, r.v->>0, (r.v->>1)::numeric, (r.v->>2)::numeric, (r.v->>3)::numeric FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY r(v, ord)`,
      [id, JSON.stringify(ranks)],
    );
    return id;
  };
  const hundred = await scale('百分制', 100, 60, 85, RANKS_100, 1);
  await scale('150分制', 150, 90, 127.5, RANKS_150, 2);
  // Levels by the whole raw score (integers 0–200; a 150-point paper's best scores are 优 too).
  await tx.query(
    `INSERT INTO grade_conversion_rule (school_year_id, level, lowest, highest, conversion_score, colour, classification_rate) VALUES
       ($1, '优', 85, 150, 95, '#21BA45', 25), ($1, '良', 75, 84, 80, '#2185D0', 35), ($1, '合格', 60, 74, 67, '#F2711C', 30), ($1, '待合格', 0, 59, 40, '#DB2828', 10)`,
    [at.schoolYearId],
  );
  const batch = async (name: string, exam: string, grade: string, start: string, end: string, courses: [string, number, number][]): Promise<string> => {
    const id = await one(`INSERT INTO grade_batch (name, semester_id, exam_node_id, grade, start_date, end_date) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, [name, at.semesterId, node.get(exam), grade, start, end]);
    await tx.query(
      `INSERT INTO grade_batch_course (batch_id, position, course_id, full_marks, weight, scale_id)
       SELECT $1, c.ord - 1, (c.v->>0)::uuid, (c.v->>1)::numeric, (c.v->>2)::int, $3 FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY c(v, ord)`,
      [id, JSON.stringify(courses.map(([code, full, weight]) => [at.courseId.get(code), full, weight])), hundred],
    );
    return id;
  };
  for (const b of DEMO_BATCHES.midterms) {
    const id = await batch(b.name, 'MID', b.grade, at.weeks.midterm.start, at.weeks.midterm.end, Object.entries(MIDTERM_COURSES).map(([code, c]) => [code, c.fullMarks, c.weight]));
    if (b.grade === '10') {
      for (const [i, [name, full, weight]] of MATH_ITEMS.entries()) {
        await tx.query(`INSERT INTO grade_score_item (batch_id, course_id, name, full_marks, weight, sort) VALUES ($1, $2, $3, $4, $5, $6)`, [id, at.courseId.get('MATH'), name, full, weight, i + 1]);
      }
    }
  }
  const m = DEMO_BATCHES.monthly;
  await batch(m.name, 'MONTHLY', m.grade, at.weeks.monthly.start, at.weeks.monthly.end, m.courses.map((code, i) => [code, 150, [33, 34, 33][i] as number]));
}
