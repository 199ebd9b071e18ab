import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { RESOURCES, resourcePage } from '@schoolflow/contracts';
import type { ViewProps } from './view-props.js';

type View = LazyExoticComponent<ComponentType<ViewProps>>;

/**
 * Views by path stem (docs/product/shell-and-sign-in.md#routes). Each is its own chunk, loaded the first time its page opens.
 * Folders are kebab-case; the keys keep the legacy stems that menus carry.
 */
const views: Readonly<Record<string, View>> = {
  dashboard: lazy(() => import('../views/dashboard/index.js')),
  'qt_app/AccountSecurity': lazy(() => import('../views/qt-app/account-security/index.js')),
  'ms/logs': lazy(() => import('../views/ms/logs/index.js')),
  'ms/user': lazy(() => import('../views/ms/user/index.js')),
  'ms/roleType': lazy(() => import('../views/ms/role-type/index.js')),
  'ms/role': lazy(() => import('../views/ms/role/index.js')),
  'ms/menus': lazy(() => import('../views/ms/menus/index.js')),
  org: lazy(() => import('../views/org/index.js')),
  'ms/dict': lazy(() => import('../views/ms/dict/index.js')),
  'ms/systemConfig': lazy(() => import('../views/ms/system-config/index.js')),
  serverMonitor: lazy(() => import('../views/server-monitor/index.js')),
  'apply/leave/new': lazy(() => import('../views/apply/leave/new/index.js')),
  'apply/leave/mine': lazy(() => import('../views/apply/leave/mine/index.js')),
  'apply/leave/all': lazy(() => import('../views/apply/leave/all/index.js')),
  'apply/leave/detail': lazy(() => import('../views/apply/leave/detail/index.js')),
  'apply/classroom_loan/new': lazy(() => import('../views/apply/classroom-loan/new/index.js')),
  'apply/student_status_change/new': lazy(() => import('../views/apply/student-status-change/new/index.js')),
  'apply/make_up_class/new': lazy(() => import('../views/apply/make-up-class/new/index.js')),
  'apply/class_swap/new': lazy(() => import('../views/apply/class-swap/new/index.js')),
  'apply/tasks': lazy(() => import('../views/apply/tasks/index.js')),
  'messageCenter/xxzx': lazy(() => import('../views/message-center/xxzx/index.js')),
  // 咨询管理 (issue 26, docs/product/consultation.md#agents): the agents' live queue and transcripts
  zxgl: lazy(() => import('../consult/agent/agent-view.js')),
  'qt_app/znx': lazy(() => import('../views/qt-app/znx/index.js')),
  'demo/others': lazy(() => import('../views/demo/others/index.js')),
  // 组件示例: the shared widgets live, one page each as the legacy console lists them (docs/adr/0057-console-stems.md)
  'demo/icons': lazy(() => import('../views/demo/icons/index.js')),
  'demo/buttons': lazy(() => import('../views/demo/buttons/index.js')),
  'demo/pagHeader': lazy(() => import('../views/demo/page-header/index.js')),
  'demo/tableWrap': lazy(() => import('../views/demo/table-wrap/index.js')),
  'demo/pagination': lazy(() => import('../views/demo/pagination/index.js')),
  'demo/layout': lazy(() => import('../views/demo/layout/index.js')),
  'demo/editor': lazy(() => import('../views/demo/editor/index.js')),
  'demo/sticky': lazy(() => import('../views/demo/sticky/index.js')),
  'grades/entry': lazy(() => import('../grades/entry-view.js')),
  'grades/sheet': lazy(() => import('../grades/sheet-view.js')),
  'grades/confirmation': lazy(() => import('../grades/confirmation-view.js')),
  'grades/analysis': lazy(() => import('../grades/analysis/analysis-view.js')),
  'grades/report': lazy(() => import('../grades/report/report-view.js')),
  // 期末学业评价 (issue 28 part 3): the head teacher's classes, the families' results on notice and published
  'evaluation/qmpj': lazy(() => import('../evaluations/final/final-view.js')),
  // 三级评价 and 评价分析 (issue 28 parts 2, 4): the evaluators' grids; a class's results, distributions and export
  'evaluation/sjpj': lazy(() => import('../evaluations/sheet/evaluate-view.js')),
  'evaluation/pjfx': lazy(() => import('../evaluations/analysis/analysis-view.js')),
  'evaluation/pjsz': lazy(() => import('../evaluations/settings/settings-view.js')),
  'academic/semester_upgrade': lazy(() => import('../semester-upgrade/semester-upgrade-view.js')),
  'timetable/inquiry': lazy(() => import('../timetable/inquiry-view.js')),
  'timetable/scheduling': lazy(() => import('../timetable/scheduling-view.js')),
  // 信息发布: one page per kind (PUBLISHING_PAGES); its detail, receipts and compose forms are states of it (?id=, ?compose=1).
  'publishing/notice': lazy(() => import('../publishing/publishing-view.js').then((m) => ({ default: m.publishingViews.notice }))),
  'publishing/homework': lazy(() => import('../publishing/publishing-view.js').then((m) => ({ default: m.publishingViews.homework }))),
  'publishing/activity': lazy(() => import('../publishing/publishing-view.js').then((m) => ({ default: m.publishingViews.activity }))),
  'publishing/performance': lazy(() => import('../publishing/publishing-view.js').then((m) => ({ default: m.publishingViews.performance }))),
  // 问卷管理 (docs/adr/0038-questionnaires.md#management-pages): the list (its results a state of it), the form; wjtx and zdsxyz open the answer pages and the designer.
  'survey/wjlb': lazy(() => import('../surveys/manage/manage-views.js').then((m) => ({ default: m.SurveyListView }))),
  'survey/cjwj': lazy(() => import('../surveys/manage/manage-views.js').then((m) => ({ default: m.SurveyFormView }))),
  'survey/wjtx': lazy(() => import('../surveys/manage/manage-views.js').then((m) => ({ default: m.SurveyFillView }))),
  'survey/zdsxyz': lazy(() => import('../surveys/manage/manage-views.js').then((m) => ({ default: m.SurveyRulesView }))),
  // 问卷答题: the questionnaires addressed to me; answering one is a state of it (?id=)
  'survey/wjdt': lazy(() => import('../surveys/answering/my-surveys-view.js')),
  // 消息中心's channels and the WeChat official account (docs/adr/0041-message-channels.md#pages)
  'messageCenter/tspz': lazy(() => import('../message-channels/push-config-view.js')),
  'messageCenter/yjpz': lazy(() => import('../message-channels/email-config-view.js')),
  'messageCenter/xxjk': lazy(() => import('../message-channels/monitor-view.js')),
  'messageCenter/tjfx': lazy(() => import('../message-channels/stats-view.js')),
  'messageCenter/tdsz': lazy(() => import('../message-channels/my-channels-view.js')),
  'weChat/config': lazy(() => import('../message-channels/wechat-views.js').then((m) => ({ default: m.WechatConfigView }))),
  'weChat/menu': lazy(() => import('../message-channels/wechat-views.js').then((m) => ({ default: m.WechatMenuView }))),
  'weChat/tags': lazy(() => import('../message-channels/wechat-views.js').then((m) => ({ default: m.WechatTagsView }))),
  'weChat/user': lazy(() => import('../message-channels/wechat-views.js').then((m) => ({ default: m.WechatUsersView }))),
  // 走班管理 and 讲座 (issue 27, docs/product/class-walking-and-registrations.md#pages): one page each, its parts by who reads it
  'zouban/zbgl': lazy(() => import('../class-walking/class-walking-view.js')),
  'jiangzuo/jzhd': lazy(() => import('../registrations/registrations-view.js')),
  // 选修课 (docs/product/electives.md#pages): courses, the office's batches, a student's selecting
  'elective/xxkc': lazy(() => import('../electives/courses-view.js')),
  'elective/xkpc': lazy(() => import('../electives/batches-view.js')),
  'elective/xsxk': lazy(() => import('../electives/select-view.js')),
  // 法定节假日设置 (docs/product/office.md#public-holidays): the declared holidays and make-up workdays of a year
  fdjjrsz: lazy(() => import('../calendar/holidays-view.js')),
  // 校历管理 (docs/product/office.md#school-calendar): the school's, shared and personal calendars on FullCalendar (loaded with this page only)
  xlgl: lazy(() => import('../school-calendar/school-calendar-view.js')),
  // 报修管理 (docs/product/repairs.md#pages): report and my reports, the work orders, the types (the repair-types resource's list), the phone page
  'bxgl/bxsq': lazy(() => import('../repairs/repairs-views.js').then((m) => ({ default: m.RepairRequestView }))),
  'bxgl/wxgl': lazy(() => import('../repairs/repairs-views.js').then((m) => ({ default: m.RepairOrdersView }))),
  'bxgl/bxlxgl': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('repair-types') }))),
  'qt_app/bxgl': lazy(() => import('../repairs/repairs-views.js').then((m) => ({ default: m.RepairMobileView }))),
  // 待办 (docs/product/office.md#to-dos): my to-dos, the full page and the phone-sized one
  dbgl: lazy(() => import('../todos/todos-view.js')),
  'qt_app/dbgl': lazy(() => import('../todos/todos-phone-view.js')),
  // 项目管理 (docs/product/office.md#projects): my projects, a project's board and timeline at ?id=; the phone page
  xmgl: lazy(() => import('../projects/projects-view.js')),
  'qt_app/xmgl': lazy(() => import('../projects/projects-phone-view.js')),
  // 用户反馈 (docs/adr/0051-feedback.md#routes): one's own under 个人中心, everyone's for those who handle it
  'feedback/mine': lazy(() => import('../feedback/my-feedback-view.js')),
  'feedback/handle': lazy(() => import('../feedback/handle-feedback-view.js')),
  // 图片管理 and 首页卡片管理 (docs/adr/0066-pictures-and-home-cards.md#routes)
  pictures: lazy(() => import('../pictures/pictures-view.js')),
  'ms/homeCards': lazy(() => import('../home-cards/home-cards-view.js')),
  // 考勤 (docs/adr/0052-attendance.md#routes): 考勤管理 (kqgl) — students' rolls, absences, statistics; the check-in rules;
  // 教师考勤 the spec's phone page qt_app/jskq
  'kqgl/xskq': lazy(() => import('../attendance/student-attendance-view.js')),
  'kqgl/kqsz': lazy(() => import('../attendance/checkin-settings-view.js')),
  'qt_app/jskq': lazy(() => import('../attendance/teacher-checkin-view.js')),
  // 人脸识别 (docs/adr/0063-face-recognition.md#routes): registration for everyone who registers, groups and settings for administrators
  'faceRecognition/registration': lazy(() => import('../faces/face-registration-view.js')),
  'faceRecognition/group': lazy(() => import('../faces/face-group-view.js')),
  'faceRecognition/config': lazy(() => import('../faces/face-config-view.js')),
  // 内控工作管理 (docs/adr/0055-work-tasks.md#pages): manage, my tasks, review — console and phone; the leader view and the task's detail (?id=) on the phone
  'nkgzgl/rwgl': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskManageView }))),
  'nkgzgl/rwlb': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskMineView }))),
  'nkgzgl/rwsh': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskReviewView }))),
  'qt_app/nkgzgl/rwgl': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskManagePhoneView }))),
  'qt_app/nkgzgl/rwlb': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskMinePhoneView }))),
  'qt_app/nkgzgl/rwsh': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskReviewPhoneView }))),
  'qt_app/nkgzgl/ldck': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskLeaderView }))),
  'qt_app/rwxq/rwxq': lazy(() => import('../work-tasks/work-tasks-views.js').then((m) => ({ default: m.WorkTaskDetailView }))),
  // 值岗安排 (docs/adr/0064-duty-rosters.md#pages): the rosters and my duties; the phone page with swaps
  zgzap: lazy(() => import('../duty-rosters/duty-views.js').then((m) => ({ default: m.DutyRostersView }))),
  'qt_app/zgzap': lazy(() => import('../duty-rosters/duty-views.js').then((m) => ({ default: m.DutyPhoneView }))),
  // 用车预订 (docs/adr/0064-duty-rosters.md#vehicle-booking): the coming bookings (console), the booking form with my requests (phone)
  ycyd: lazy(() => import('../duty-rosters/vehicle-views.js').then((m) => ({ default: m.VehicleBookingsView }))),
  'qt_app/ycyd': lazy(() => import('../duty-rosters/vehicle-views.js').then((m) => ({ default: m.VehiclePhoneView }))),
  // 宿舍管理 (docs/adr/0053-dormitories.md#routes): buildings and rooms (the kit's lists), bed allocation, inspections, night records
  'ssgl/ssl': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('dormitory-buildings') }))),
  'ssgl/fj': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('dormitory-rooms') }))),
  'ssgl/cwfp': lazy(() => import('../dormitories/allocation-view.js')),
  'ssgl/wsjc': lazy(() => import('../dormitories/inspections-view.js')),
  'ssgl/wgjl': lazy(() => import('../dormitories/night-records-view.js')),
  // 自定义页面 (docs/adr/0056-custom-pages.md#routes): the manager, the designer `/drag_layout/{id}`, the page `/page_view/{id}` (the spec's page-view and drag-layout, within the menu rule: ADR 0056)
  // (also what a menu flagged custom with the page's id as parameter shows, and the home page when that menu is flagged home)
  'customPages/pageMangger': lazy(() => import('../custom-pages/page-manager-view.js')),
  'customPages/drag_layout': lazy(() => import('../custom-pages/drag-layout-view.js')),
  'customPages/page_view': lazy(() => import('../custom-pages/page-view.js')),
  // 栏目采集 (docs/adr/0067-spider-columns.md#page): the columns collected from other sites, the form's dry run, a column's runs and items
  spiderColumn: lazy(() => import('../spider-columns/spider-columns-view.js')),
  // 界面语言 (docs/adr/0065-interface-languages.md): the strings of each language by namespace, overrides, export and import
  internationalLanguage: lazy(() => import('../ui-strings/ui-strings-view.js')),
  // 知识库 (docs/adr/0060-knowledge-base.md#page): the tree, the search, articles with versions, the forms — states of one page (?category=, ?q=, ?id=, ?edit=)
  zskgl: lazy(() => import('../knowledge/knowledge-view.js')),
  // 健康管理 (docs/adr/0054-health.md#routes): the doctor's four lists (the kit's list of each resource), the family's page
  'jkgl/jzjl': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('health-visits') }))),
  'jkgl/jkzk': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('health-conditions') }))),
  'jkgl/tjlr': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('physical-exams') }))),
  'jkgl/bxjl': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('health-insurance') }))),
  'jkgl/wdjk': lazy(() => import('../health/my-health-view.js')),
  // 学生组织 (docs/adr/0061-organisations.md#routes): the directory, a body's page (?id=), my organisations (apply, my requests and terms), the advisors' join requests, the office's bodies (the kit's list)
  'xszz/zzlb': lazy(() => import('../organisations/directory-view.js')),
  'xszz/zzxq': lazy(() => import('../organisations/profile-view.js')),
  'xszz/wdzz': lazy(() => import('../organisations/mine-view.js')),
  'xszz/rhsh': lazy(() => import('../organisations/review-view.js')),
  'xszz/zzgl': lazy(() => import('../resources/resource-view.js').then((m) => ({ default: m.resourceView('organisations') }))),
  // 非编教职工维护 (docs/adr/0065-interface-languages.md#non-establishment-staff): the staff resource's list of non-establishment records, contracts flagged
  'jzggl/fzbjzgwh': lazy(() =>
    Promise.all([import('../resources/resource-view.js'), import('../staff/use-contract-column.js'), import('../staff/use-non-establishment-preset.js')]).then(([m, c, p]) => ({
      default: m.resourceView('staff', false, c.useContractColumn, p.useNonEstablishmentPreset),
    })),
  ),
  // 作息时间管理 (docs/adr/0065-interface-languages.md#daily-schedule): today's schedule, and the schedules (the kit's list)
  zxqgl: lazy(() => import('../daily-schedule/daily-schedule-view.js')),
  // 学生 (the students resource's list) with 健康管理's risk badge column for those who read health (docs/adr/0054-health.md#flag)
  [resourcePage('students').slice(1)]: lazy(() =>
    Promise.all([import('../resources/resource-view.js'), import('../health/use-risk-column.js')]).then(([m, h]) => ({ default: m.resourceView('students', false, h.useRiskColumn) })),
  ),
};

/** Views that take the address's last segment as their parameter: `{menu page}/{param}` (menu-model.ts resolveRoute). */
const PARAM_VIEWS: ReadonlySet<string> = new Set(['customPages/drag_layout', 'customPages/page_view']);

export function takesParam(stem: string): boolean {
  return PARAM_VIEWS.has(stem);
}

// The flow kit's pages of every flow without pages of its own: `apply/{flow}/new` and `apply/{flow}/detail`.
const flowNew: View = lazy(() => import('../workflow/flow-views.js').then((m) => ({ default: m.FlowNewView })));
const flowDetail: View = lazy(() => import('../workflow/flow-views.js').then((m) => ({ default: m.FlowDetailView })));
const FLOW_PAGE = /^apply\/([a-z][a-z0-9_]*)\/(new|detail)$/;

// The resource kit's one list page for every base-data resource (`resourcePage(name)`: `academic/{name}`, hyphens as
// underscores), and the admission page, which is the students resource under its own title. Made once per name:
// viewFor() runs on every render of a tab.
const RESOURCE_PAGE = /^academic\/([a-z_]+)$/;
const RESOURCE_OF_PAGE = new Map(Object.keys(RESOURCES).map((name) => [resourcePage(name).slice('/academic/'.length), name]));
const ADMISSION = 'admission';
const resourceViews = new Map<string, View>();
function resourceView(name: string): View | undefined {
  if (name !== ADMISSION && !Object.hasOwn(RESOURCES, name)) return undefined;
  let view = resourceViews.get(name);
  if (!view) {
    view = lazy(() => import('../resources/resource-view.js').then((m) => ({ default: name === ADMISSION ? m.resourceView('students', true) : m.resourceView(name) })));
    resourceViews.set(name, view);
  }
  return view;
}

export function hasView(stem: string): boolean {
  return viewFor(stem) !== undefined;
}

export function viewFor(stem: string): View | undefined {
  if (Object.hasOwn(views, stem)) return views[stem];
  const resource = RESOURCE_PAGE.exec(stem)?.[1];
  if (resource) return resourceView(resource === ADMISSION ? ADMISSION : (RESOURCE_OF_PAGE.get(resource) ?? ''));
  const page = FLOW_PAGE.exec(stem);
  if (!page) return undefined;
  // Any flow name matches: the page itself answers nothing for a flow the registry does not have.
  return page[2] === 'new' ? flowNew : flowDetail;
}
