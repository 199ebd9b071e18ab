/**
 * 学期升级's page (issue 11): not a resource's list, registered at start by the resource registrar as the grades pages
 * are (`GRADE_PAGES`) — under 学期和学年管理, for administrators. Its title is a `web` key (`ns:key`). Starting an upgrade
 * needs the flow's own permission (`workflow:semester_upgrade:apply`), which is also the page's.
 */
export const UPGRADE_PAGES = [
  { url: '/academic/semester_upgrade', key: 'web:semesterUpgrade.title', permission: 'workflow:semester_upgrade:apply', group: 'calendar', sort: 3, icon: 'level up alternate' },
] as const satisfies readonly { url: string; key: string; permission: string; group: string; sort: number; icon: string }[];

export const SEMESTER_UPGRADE_PAGE = UPGRADE_PAGES[0].url;

/** The last grade of the school's stages (classes hold 1..12, 高三 = 12): a class in it leaves school when a new school year opens. */
export const LAST_GRADE = 12;
