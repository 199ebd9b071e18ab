import { ATTENDANCE_PAGES, FACE_PAGES, DUTY_PAGE, DUTY_PHONE_PAGE, VEHICLE_PAGE, VEHICLE_PHONE_PAGE, ORGANISATION_PAGES, PROJECTS_PAGE, PROJECTS_PHONE_PAGE, CUSTOM_PAGES, CUSTOM_PAGES_GROUP, FEEDBACK_PAGES, KNOWLEDGE_PAGE, flowPage, flowSlug, GRADE_PAGES, POST_KINDS, postPublishPermission, postViewPermission, PUBLISHING_PAGES, MENU_URL_PATTERN, Permission, PERMISSION_PATTERN, RESOURCES, resourcePage, SCHOOL_CALENDAR_PAGE, TIMETABLE_PAGES, TODOS_PAGE, TODOS_PHONE_PAGE, UPGRADE_PAGES } from './index.js';

/**
 * The names the platform generates for its menus and grants keep the spec's rule for router addresses (letters,
 * digits, underscores; segments) and permission values (colons too), so an administrator can save every role and menu
 * the platform ships (issue 22, docs/adr/0030). A new resource, page or permission with a hyphen fails here.
 */
/** Flow names with hyphens, as the registry has them (workflows/registry.ts): their pages and permissions are slugs. */
const FLOWS = ['make-up-class', 'class-swap', 'classroom-loan', 'student-status-change', 'reading-proof', 'grade-proof', 'day-reading', 'semester-upgrade', 'grade-confirmation', 'organisation-join', 'duty-swap', 'vehicle-booking'];

describe('names the platform ships keep the menu rule', () => {
  const permissions = [
    ...Object.values(Permission),
    ...Object.values(RESOURCES).flatMap((d) => [d.permissions.read, d.permissions.write, ...(d.permissions.import ? [d.permissions.import] : [])]),
    ...GRADE_PAGES.map((p) => p.permission),
    ...TIMETABLE_PAGES.map((p) => p.permission),
    ...UPGRADE_PAGES.map((p) => p.permission),
    ...POST_KINDS.flatMap((k) => [postPublishPermission(k), postViewPermission(k)]),
    ...FLOWS.map((flow) => `workflow:${flowSlug(flow)}:apply`),
    TODOS_PAGE.permission,
    ...FEEDBACK_PAGES.map((p) => p.permission),
    ...Object.values(ATTENDANCE_PAGES).map((p) => p.permission),
    CUSTOM_PAGES_GROUP.permission,
    ...CUSTOM_PAGES.map((p) => p.permission),
    PROJECTS_PAGE.permission,
    KNOWLEDGE_PAGE.permission,
    SCHOOL_CALENDAR_PAGE.permission,
    ...ORGANISATION_PAGES.map((p) => p.permission),
    ...Object.values(FACE_PAGES).map((p) => p.permission),
    DUTY_PAGE.permission,
    DUTY_PHONE_PAGE.permission,
    VEHICLE_PAGE.permission,
    VEHICLE_PHONE_PAGE.permission,
  ];
  const pages = [
    ...Object.values(RESOURCES).filter((d) => d.menu).map((d) => resourcePage(d.name)),
    ...GRADE_PAGES.map((p) => p.url),
    ...TIMETABLE_PAGES.map((p) => p.url),
    ...UPGRADE_PAGES.map((p) => p.url),
    ...PUBLISHING_PAGES.map((p) => p.url),
    ...FLOWS.flatMap((flow) => [flowPage(flow, 'new'), flowPage(flow, 'detail')]),
    TODOS_PAGE.url,
    TODOS_PHONE_PAGE.url,
    ...FEEDBACK_PAGES.map((p) => p.url),
    ...Object.values(ATTENDANCE_PAGES).map((p) => p.url),
    CUSTOM_PAGES_GROUP.url,
    ...CUSTOM_PAGES.map((p) => p.url),
    PROJECTS_PAGE.url,
    PROJECTS_PHONE_PAGE.url,
    KNOWLEDGE_PAGE.url,
    SCHOOL_CALENDAR_PAGE.url,
    ...ORGANISATION_PAGES.map((p) => p.url),
    ...Object.values(FACE_PAGES).map((p) => p.url),
    DUTY_PAGE.url,
    DUTY_PHONE_PAGE.url,
    VEHICLE_PAGE.url,
    VEHICLE_PHONE_PAGE.url,
  ];

  it.each(permissions)('permission %s', (p) => expect(PERMISSION_PATTERN.test(p)).toBe(true));
  it.each(pages)('page %s', (url) => expect(MENU_URL_PATTERN.test(url)).toBe(true));

  it('a resource page is its name with underscores; its API path keeps the name', () => {
    expect(resourcePage('teaching-classes')).toBe('/academic/teaching_classes');
  });
});
