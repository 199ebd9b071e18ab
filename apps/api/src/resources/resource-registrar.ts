import { DORMITORY_PAGES, SPIDER_PAGE, HEALTH_PAGES, ORGANISATION_PAGES, EVALUATION_PAGES, EvaluationPermission, FINAL_EVALUATION_PAGE, CLASS_WALKING_PAGES, GRADE_PAGES, REGISTRATION_MANAGE_PERMISSION, REGISTRATION_PAGES, REPAIR_PAGES, ZOUBAN_MANAGE_PERMISSION, postViewPermission, PUBLISHING_PAGES, RESOURCE_GROUPS, RESOURCES, resourcePage, resources as texts, RoleCode, TIMETABLE_PAGES, UPGRADE_PAGES, DAILY_SCHEDULE_PAGE, NON_ESTABLISHMENT_STAFF_PAGE } from '@schoolflow/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { grantMenu, grantPermission, menuOnce } from '../access/domain/menu-grants.js';
import { logger } from '../infrastructure/logging/logger.js';
import { AdvisoryLock } from '../infrastructure/database/advisory-locks.js';
import { POST_KIND_DECLARATIONS } from '../publishing/domain/post-kinds.js';

// A page's title: a `resource` key, or one of another namespace as `ns:key` (学期升级's is the web's).
const title = (lang: 'zh' | 'en', key: string): string => {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['resource', key];
  let node: unknown = (texts[lang] as Record<string, unknown>)[ns];
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
};

interface Page {
  url: string;
  key: string;
  group: string;
  sort: number;
  icon: string;
  read: string;
  write: string | null;
  /** Roles that see the page (the API decides which rows: scoped readers) and hold its read permission. */
  scoped: readonly string[];
  readers: readonly string[];
  writers: readonly string[];
  /** A page opened from others (one score sheet), not listed in the menu. */
  hidden?: boolean;
}

/**
 * The menus of the kit: each resource's page under its group; 招生管理 is the students page for admissions; the grades
 * pages that are no resource's list (entry, confirmation, analysis, report).
 */
const pages = (): Page[] => [
  ...Object.values(RESOURCES)
    .filter((d) => d.menu)
    .map((d) => ({
      url: resourcePage(d.name),
      key: `${d.name}.title`,
      group: d.menu!.group,
      sort: d.menu!.sort,
      icon: d.menu!.icon,
      read: d.permissions.read,
      write: d.permissions.write,
      scoped: d.scopedReaders ?? [],
      readers: [...(d.grants?.read ?? []), ...(d.grants?.write ?? [])],
      writers: d.grants?.write ?? [],
    })),
  { url: '/academic/admission', key: 'admission.title', group: 'admission', sort: 2, icon: 'user plus', read: 'academic:students:list', write: 'academic:students:edit', scoped: [], readers: [], writers: [] },
  // 非编教职工维护 (docs/adr/0065-interface-languages.md#non-establishment-staff): the staff resource's non-establishment records, their contracts flagged
  { url: NON_ESTABLISHMENT_STAFF_PAGE.url, key: 'staff.nonEstablishment.title', group: 'staff', sort: NON_ESTABLISHMENT_STAFF_PAGE.sort, icon: NON_ESTABLISHMENT_STAFF_PAGE.icon, read: RESOURCES.staff!.permissions.read, write: RESOURCES.staff!.permissions.write, scoped: [], readers: [], writers: [] },
  // 作息时间管理 (docs/adr/0065-interface-languages.md#daily-schedule): today's schedule for everyone, the schedules kept by the office
  ...[RESOURCES['daily-schedules']!].map((d) => ({ url: DAILY_SCHEDULE_PAGE.url, key: `${d.name}.title`, group: 'timetable', sort: DAILY_SCHEDULE_PAGE.sort, icon: DAILY_SCHEDULE_PAGE.icon, read: d.permissions.read, write: d.permissions.write, scoped: [], readers: [...(d.grants?.read ?? []), ...(d.grants?.write ?? [])], writers: d.grants?.write ?? [] })),
  ...GRADE_PAGES.map((p) => ({ url: p.url, key: `gradePages.${p.key}`, group: 'grades', sort: p.sort, icon: p.icon, read: p.permission, write: null, scoped: [], readers: p.roles, writers: [], hidden: 'hidden' in p && p.hidden })),
  // 学期升级 (issue 11): administrators only
  ...UPGRADE_PAGES.map((p) => ({ url: p.url, key: p.key, group: p.group, sort: p.sort, icon: p.icon, read: p.permission, write: null, scoped: [], readers: [], writers: [] })),
  // 课表查询 for everyone whose timetable it is, 排课 for those who make it (issue 9); titles in the `timetable` namespace
  ...TIMETABLE_PAGES.map((p) => ({ url: p.url, key: `timetable:page.${p.key}.title`, group: 'timetable', sort: p.sort, icon: p.icon, read: p.permission, write: null, scoped: [], readers: p.roles, writers: [] })),
  // 信息发布 (issue 24): everyone reads what was sent to them; each kind's publishers (its declaration) may publish and delete
  ...PUBLISHING_PAGES.map((p) => ({ url: p.url, key: `publishing:page.${p.kind}`, group: 'publishing', sort: p.sort, icon: p.icon, read: postViewPermission(p.kind), write: POST_KIND_DECLARATIONS[p.kind].permission, scoped: [], readers: Object.values(RoleCode), writers: POST_KIND_DECLARATIONS[p.kind].publishers })),
  // 栏目采集 (docs/adr/0067-spider-columns.md#page): administrators and the office manage the columns collected from other sites
  { url: SPIDER_PAGE.url, key: 'publishing:columns.page.title', group: 'publishing', sort: SPIDER_PAGE.sort, icon: SPIDER_PAGE.icon, read: SPIDER_PAGE.permission, write: null, scoped: [], readers: [RoleCode.office], writers: [] },
  // 学业评价 (issue 28): settings for managers, sheets for evaluators (the server checks each sheet's role), analysis for leaders and head teachers
  ...EVALUATION_PAGES.map((p) => ({ url: p.url, key: `evaluations:page.${p.key}`, group: 'evaluation', sort: p.sort, icon: p.icon, read: p.permission, write: null, scoped: [], readers: p.roles, writers: [] })),
  // 期末学业评价 (issue 28 part 3): head teachers submit their classes; students and parents read the results on notice and object
  { url: FINAL_EVALUATION_PAGE.url, key: 'evaluations:final.title', group: 'evaluation', sort: FINAL_EVALUATION_PAGE.sort, icon: FINAL_EVALUATION_PAGE.icon, read: EvaluationPermission.evaluate, write: null, scoped: [], readers: FINAL_EVALUATION_PAGE.roles, writers: [] },
  // 走班管理 and 讲座 (issue 27): one page each; what each role sees on it is decided by the API
  ...CLASS_WALKING_PAGES.map((p) => ({ url: p.url, key: 'class-walking:page.title', group: 'choosing', sort: p.sort, icon: p.icon, read: p.permission, write: ZOUBAN_MANAGE_PERMISSION, scoped: [], readers: p.roles, writers: ['office'] })),
  ...REGISTRATION_PAGES.map((p) => ({ url: p.url, key: 'registrations:page.title', group: 'choosing', sort: p.sort, icon: p.icon, read: p.permission, write: REGISTRATION_MANAGE_PERMISSION, scoped: [], readers: p.roles, writers: ['office', 'teacher'] })),
  // 报修管理: my requests, work orders, the repair types (the repair-types resource's list) and the phone page (docs/product/repairs.md#pages)
  ...REPAIR_PAGES.map((p) => ({ url: p.url, key: `repairPages.${p.key}`, group: 'repairs', sort: p.sort, icon: p.icon, read: p.permission, write: p.write, scoped: [], readers: p.roles, writers: p.writers, ...(p.key === 'mobile' ? { hidden: true } : {}) })),
  // 宿舍管理 (docs/adr/0053-dormitories.md#routes): buildings and rooms (the kit's lists), beds, inspections, night records (head teachers read their classes')
  ...DORMITORY_PAGES.map((p) => ({ url: p.url, key: `dormitories:page.${p.key}`, group: 'dormitories', sort: p.sort, icon: p.icon, read: p.permission, write: p.write, scoped: [], readers: p.roles, writers: p.writers })),
  // 健康管理 (docs/adr/0054-health.md#routes): the doctor's four lists (head teachers read their classes' rows: scoped), 我的健康 for students and parents
  ...HEALTH_PAGES.map((p) => ({ url: p.url, key: `healthPages.${p.key}`, group: 'health', sort: p.sort, icon: p.icon, read: p.permission, write: p.write, ...(p.resource ? { scoped: [...p.roles, ...p.writers], readers: [], writers: [...p.writers] } : { scoped: [], readers: [...p.roles], writers: [] }) })),
  // 学生组织 (docs/adr/0061-organisations.md#routes): the directory and a body's page (hidden) for everyone, 我的组织 for students and parents, 入会审核 for staff, 组织管理 (the kit's list of bodies) for the office
  ...ORGANISATION_PAGES.map((p) => ({ url: p.url, key: `organisations:page.${p.key}`, group: 'organisations', sort: p.sort, icon: p.icon, read: p.permission, write: p.write, scoped: [], readers: p.roles, writers: p.writers, ...('hidden' in p ? { hidden: true } : {}) })),
];

/**
 * A resource met for the first time (docs/adr/0023): administrators get its read and write permissions and its page
 * under its group's title (docs/product/base-data.md#menu-groups) in their menu; the roles it names as scoped readers get its page too (a head teacher's
 * 学生管理 shows their class). Done once per resource, under a lock, as flows are registered — so an administrator's
 * later changes to menus and grants stand.
 */
export async function registerResources(db: DataSource): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.resourceRegistration]);
    const known = new Set(((await tx.query(`SELECT flow FROM wf_flow_registration WHERE flow LIKE 'resource:%'`)) as { flow: string }[]).map((r) => r.flow));
    for (const page of pages()) {
      const mark = `resource:${page.url}`;
      if (known.has(mark)) continue;
      await register(tx, page);
      await tx.query(`INSERT INTO wf_flow_registration (flow) VALUES ($1)`, [mark]);
      logger.info({ page: page.url }, 'resource page registered');
    }
  });
}

async function register(tx: EntityManager, page: Page): Promise<void> {
  const roles = (await tx.query(`SELECT id, code FROM sys_role`)) as { id: string; code: string }[];
  const admin = roles.filter((r) => r.code === RoleCode.admin).map((r) => r.id);
  const readers = roles.filter((r) => page.readers.includes(r.code)).map((r) => r.id);
  const scoped = [...roles.filter((r) => page.scoped.includes(r.code)).map((r) => r.id), ...readers];
  await grantPermission(tx, [...admin, ...readers], page.read);
  if (page.write) await grantPermission(tx, [...admin, ...roles.filter((r) => page.writers.includes(r.code)).map((r) => r.id)], page.write);
  const group = RESOURCE_GROUPS[page.group as keyof typeof RESOURCE_GROUPS];
  const parent = await menuOnce(tx, {
    parentId: null,
    url: `/academic/group/${page.group}`,
    name: title('zh', `groups.${page.group}`),
    nameEn: title('en', `groups.${page.group}`),
    permission: `menu:academic_${page.group}`,
    icon: group?.icon ?? 'folder',
    sort: group?.sort ?? 40,
  });
  await grantMenu(tx, parent.id, [...admin, ...scoped]);
  const leaf = await menuOnce(tx, { parentId: parent.id, url: page.url, name: title('zh', page.key), nameEn: title('en', page.key), permission: `menu:${page.url.slice(1).replace(/[/-]/g, '_')}`, icon: page.icon, sort: page.sort, ...(page.hidden ? { remark: { hidden: true, noCache: true } } : {}) });
  if (leaf.created) await grantMenu(tx, leaf.id, [...admin, ...scoped]);
}
