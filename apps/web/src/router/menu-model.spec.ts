import { describe, expect, it } from '@jest/globals';
import { LANGUAGES, type MenuNode } from '@schoolflow/contracts';
import { loadMessages } from '../i18n/i18n.js';
import { buildMenuModel, parseRemark, resolveRoute } from './menu-model.js';

// a session has both languages' messages before it builds its menus (session-store.ts): so does this test
await loadMessages(LANGUAGES);

function menu(over: Partial<MenuNode> & Pick<MenuNode, 'menuurl' | 'menuname'>): MenuNode {
  return { id: over.menuurl, icon: '', remark: '', sort: 0, permission: '', menus: [], ...over };
}

const seeded: MenuNode[] = [
  menu({
    menuname: '个人中心',
    menuurl: '/personal',
    remark: '{"menuNameEng":"Personal"}',
    menus: [menu({ menuname: '账号安全', menuurl: '/qt_app/AccountSecurity', remark: '{"menuNameEng":"Account security"}' })],
  }),
  menu({
    menuname: '系统管理',
    menuurl: '/ms',
    menus: [menu({ menuname: '操作日志', menuurl: 'logs', remark: '{"menuNameEng":"Operation log"}' })],
  }),
  menu({ menuname: '接口文档', menuurl: '/server/docs', remark: '{"cdwz":"top","menuNameEng":"API docs"}' }),
];
const views = new Set(['dashboard', 'qt_app/AccountSecurity', 'ms/logs']);
const hasView = (stem: string) => views.has(stem);

describe('parseRemark', () => {
  it('reads the flags of the legacy JSON remark and ignores junk', () => {
    expect(parseRemark('{"menuNameEng":"X","sfzdy":"1","zdycs":"42","sfswsy":"1","cdwz":"top","noCache":true}')).toEqual({
      menuNameEng: 'X',
      sfzdy: '1',
      zdycs: '42',
      sfswsy: '1',
      cdwz: 'top',
      noCache: true,
    });
    expect(parseRemark('not json')).toEqual({});
    // 菜单管理 writes the flags as booleans
    expect(parseRemark('{"sfzdy":true,"zdycs":"p1","sfswsy":false}')).toEqual({ sfzdy: '1', zdycs: 'p1', sfswsy: '0' });
    expect(parseRemark('')).toEqual({});
    expect(parseRemark('{"cdwz":"middle","sfzdy":1}')).toEqual({});
  });
});

describe('buildMenuModel', () => {
  const model = buildMenuModel(seeded, '/server');

  it('makes a route of every page, with relative urls joined to the parent', () => {
    expect([...model.routes.keys()].sort()).toEqual(['/ms', '/ms/logs', '/personal', '/qt_app/AccountSecurity']);
    const logs = model.routes.get('/ms/logs');
    expect(logs?.stem).toBe('ms/logs');
    expect(logs?.titleEn).toBe('Operation log');
    expect(logs?.parents.map((p) => p.titleZh)).toEqual(['系统管理']);
  });

  it('puts top-position menus in the header, server paths as external links', () => {
    expect(model.headerLinks).toHaveLength(1);
    expect(model.headerLinks[0]).toMatchObject({ to: '/server/docs', external: true, titleEn: 'API docs', titleZh: '接口文档' });
    expect(model.sidebar.map((n) => n.menuPath)).toEqual(['/personal', '/ms']);
  });

  it('shows the single hidden child of a parent directly', () => {
    const m = buildMenuModel(
      [menu({ menuname: 'P', menuurl: '/p', menus: [menu({ menuname: 'C', menuurl: '/p/c', remark: '{"hidden":true}' })] })],
      '/server',
    );
    expect(m.sidebar).toHaveLength(1);
    expect(m.sidebar[0]).toMatchObject({ menuPath: '/p/c', titleZh: 'C', children: [] });
  });

  it('routes custom pages as {menuurl}/{zdycs} and lets a home-flagged menu replace the dashboard view', () => {
    const m = buildMenuModel(
      [menu({ menuname: 'Page', menuurl: '/customPages/page_view', remark: '{"sfzdy":"1","zdycs":"abc","sfswsy":"1"}' })],
      '/server',
    );
    const entry = m.routes.get('/customPages/page_view/abc');
    expect(entry).toMatchObject({ stem: 'customPages/page_view', param: 'abc' });
    expect(m.home).toBe(entry);
    expect(m.dashboard).toMatchObject({ path: '/dashboard', stem: 'customPages/page_view', param: 'abc', noCache: true });
  });
});

describe('resolveRoute', () => {
  const model = buildMenuModel(seeded, '/server');
  it('sends the empty path home, groups to their first page, unknown paths and missing views to 404', () => {
    expect(resolveRoute(model, '/', hasView)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolveRoute(model, '/ms', hasView)).toEqual({ kind: 'redirect', to: '/ms/logs' });
    expect(resolveRoute(model, '/ms/logs/', hasView)).toMatchObject({ kind: 'page', entry: { path: '/ms/logs' } });
    expect(resolveRoute(model, '/nope', hasView)).toEqual({ kind: 'not-found' });
    expect(resolveRoute(model, '/ms/logs', () => false)).toEqual({ kind: 'not-found' });
    expect(resolveRoute(model, '/dashboard', hasView)).toMatchObject({ kind: 'page', entry: { titleZh: '首页', titleEn: 'Home' } });
  });
});

describe('resolveRoute with a parameter', () => {
  const pages: MenuNode[] = [
    menu({ menuname: '页面预览', menuurl: '/customPages/page_view', remark: '{"hidden":true}' }),
    menu({ menuname: '教工之家', menuurl: '/customPages/page_view', remark: '{"sfzdy":"1","zdycs":"p1"}' }),
    menu({ menuname: '操作日志', menuurl: '/ms/logs' }),
  ];
  const stems = new Set(['dashboard', 'customPages/page_view', 'ms/logs']);
  const takes = (stem: string) => stem === 'customPages/page_view';

  it('given a menu page whose view takes a parameter, when `{page}/{id}` is opened, then that view with the id, the same entry each time', () => {
    const model = buildMenuModel(pages, '/server');
    const first = resolveRoute(model, '/customPages/page_view/p2', (s) => stems.has(s), takes);
    expect(first).toMatchObject({ kind: 'page', entry: { path: '/customPages/page_view/p2', stem: 'customPages/page_view', param: 'p2' } });
    expect(resolveRoute(model, '/customPages/page_view/p2', (s) => stems.has(s), takes)).toEqual(first);
    if (first.kind === 'page') expect((resolveRoute(model, '/customPages/page_view/p2', (s) => stems.has(s), takes) as typeof first).entry).toBe(first.entry);
  });

  it('given a menu flagged custom, when its route is opened, then its own parameter; a view that takes none or a page not held is not found', () => {
    const model = buildMenuModel(pages, '/server');
    expect(resolveRoute(model, '/customPages/page_view/p1', (s) => stems.has(s), takes)).toMatchObject({ kind: 'page', entry: { titleZh: '教工之家', param: 'p1' } });
    expect(resolveRoute(model, '/ms/logs/x', (s) => stems.has(s), takes)).toEqual({ kind: 'not-found' });
    const noPreview = buildMenuModel([pages[2] as MenuNode], '/server');
    expect(resolveRoute(noPreview, '/customPages/page_view/p2', (s) => stems.has(s), takes)).toEqual({ kind: 'not-found' });
  });
});
