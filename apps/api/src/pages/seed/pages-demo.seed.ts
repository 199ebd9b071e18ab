import { PAGE_VIEW_URL, type PageLayoutInput, pageLayoutSchema, RoleCode } from '@schoolflow/contracts';
import type { EntityManager } from 'typeorm';
import { storedLayout } from '../domain/page-layout.js';

/** The staff who see the demo page through its menu (docs/architecture.md#demo-accounts): not students nor parents. */
export const DEMO_PAGE_ROLES = [RoleCode.admin, RoleCode.principal, RoleCode.office, RoleCode.headTeacher, RoleCode.gradeLeader, RoleCode.teacher];

const DEMO_LAYOUT: PageLayoutInput = {
  cards: [
    { i: 'welcome', kind: 'text', x: 0, y: 0, w: 6, h: 3, title: '教工之家 Staff corner', html: '<p><strong>欢迎！</strong>本页汇集教职工常用的链接、通知和日程。</p><p>Welcome: the staff\'s links, notices and dates in one place.</p>' },
    { i: 'links', kind: 'links', x: 6, y: 0, w: 3, h: 3, title: '常用链接 Links', items: [{ label: '我的待办 To-dos', url: '/dbgl' }, { label: '审批待办 Reviews', url: '/apply/tasks' }, { label: '我的消息 Messages', url: '/messageCenter/xxzx' }] },
    { i: 'notices', kind: 'posts', x: 9, y: 0, w: 3, h: 6, title: '通知公告 Notices', postKind: 'notice', size: 5 },
    { i: 'leave', kind: 'chart', x: 0, y: 3, w: 9, h: 5, title: '本周请假 Leave this week', source: 'leave-week', chartType: 'bar' },
    { i: 'calendar', kind: 'calendar', x: 0, y: 8, w: 9, h: 8, title: '日历 Calendar' },
  ],
};

/**
 * The demo's custom page (docs/product/office.md#custom-pages): 教工之家, published, five cards, carried by the
 * top-level menu 教工之家 (flagged custom, its parameter the page's id) that the staff roles hold.
 */
export async function seedDemoPages(tx: EntityManager, o: { adminId: string; roleId: ReadonlyMap<string, string | undefined> }): Promise<void> {
  const layout = storedLayout(pageLayoutSchema.parse(DEMO_LAYOUT));
  const [page] = (await tx.query(`INSERT INTO custom_page (name, layout, published, created_by, updated_by) VALUES ('教工之家', $1, true, $2, $2) RETURNING id`, [JSON.stringify(layout), o.adminId])) as { id: string }[];
  const pageId = (page as { id: string }).id;
  const [menu] = (await tx.query(
    `INSERT INTO sys_menu (parent_id, name, name_en, url, permission, icon, sort, remark) VALUES (NULL, '教工之家', 'Staff corner', $1, 'menu:page_staff', 'home', 6, $2) RETURNING id`,
    [PAGE_VIEW_URL, JSON.stringify({ sfzdy: '1', zdycs: pageId })],
  )) as { id: string }[];
  for (const code of DEMO_PAGE_ROLES) {
    const roleId = o.roleId.get(code);
    if (roleId) await tx.query(`INSERT INTO sys_role_menu (role_id, menu_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [roleId, (menu as { id: string }).id]);
  }
}
