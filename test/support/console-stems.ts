/**
 * The legacy console's view stems and where each opens here — the table of docs/adr/0057-console-stems.md, as data
 * for test/browser/console-stems.e2e-spec.ts (which checks that the two agree).
 *
 * `routes`: the pages this stem opens in this product (a stem that names a group lists its pages); `public`: opened
 * without signing in; `notBuilt`: the area that will build it (its menus are not seeded until its page exists, so
 * the test also checks that no menu reaches it yet). A stem moves from `notBuilt` to `routes` in the commit that
 * builds its page.
 */
export interface ConsoleStem {
  stem: string;
  routes?: string[];
  public?: boolean;
  notBuilt?: string;
}

export const CONSOLE_STEMS: readonly ConsoleStem[] = [
  { stem: 'login', routes: ['/login'], public: true },
  { stem: 'login/repassword', routes: ['/qt_app/AccountSecurity'] },
  { stem: 'RePassword', routes: ['/RePassword'], public: true },
  { stem: 'dashboard', routes: ['/dashboard'] },
  { stem: 'bmsz', routes: ['/org'] },
  { stem: 'bxgl', routes: ['/bxgl/bxsq', '/bxgl/wxgl', '/bxgl/bxlxgl'] },
  { stem: 'bxgl/bxlxgl', routes: ['/bxgl/bxlxgl'] },
  { stem: 'bxgl/bxsq', routes: ['/bxgl/bxsq'] },
  { stem: 'bxgl/wxgl', routes: ['/bxgl/wxgl'] },
  { stem: 'customPages/page-view', routes: ['/customPages/page_view'] },
  { stem: 'customPages/pageMangger', routes: ['/customPages/pageMangger'] },
  { stem: 'customPages/drag-layout', routes: ['/customPages/drag_layout'] },
  { stem: 'faceRecognition/config', notBuilt: 'face recognition (issue 29 item 2)' },
  { stem: 'faceRecognition/registration', notBuilt: 'face recognition (issue 29 item 2)' },
  { stem: 'faceRecognition/group', notBuilt: 'face recognition (issue 29 item 2)' },
  { stem: 'fdjjrsz', routes: ['/fdjjrsz'] },
  { stem: 'internationalLanguage', notBuilt: 'interface languages (issue 30 item 7)' },
  { stem: 'jzggl/jzgwh', routes: ['/academic/staff'] },
  { stem: 'jzggl/fzbjzgwh', notBuilt: 'non-establishment staff (issue 30 item 9)' },
  { stem: 'messageCenter/xxzx', routes: ['/messageCenter/xxzx'] },
  { stem: 'messageCenter/tjfx', routes: ['/messageCenter/tjfx'] },
  { stem: 'messageCenter/tspz', routes: ['/messageCenter/tspz'] },
  { stem: 'messageCenter/xxjk', routes: ['/messageCenter/xxjk'] },
  { stem: 'messageCenter/xxzc', routes: ['/messageCenter/xxzx'] },
  { stem: 'messageCenter/yjpz', routes: ['/messageCenter/yjpz'] },
  { stem: 'ms/dict', routes: ['/ms/dict'] },
  { stem: 'ms/dictComponent', routes: ['/ms/dict'] },
  { stem: 'ms/logs', routes: ['/ms/logs'] },
  { stem: 'ms/menus', routes: ['/ms/menus'] },
  { stem: 'ms/mmcl', routes: ['/ms/systemConfig'] },
  { stem: 'ms/role', routes: ['/ms/role'] },
  { stem: 'ms/roleType', routes: ['/ms/roleType'] },
  { stem: 'ms/systemConfig', routes: ['/ms/systemConfig'] },
  { stem: 'ms/user', routes: ['/ms/user'] },
  { stem: 'nkgzgl/rwgl', routes: ['/nkgzgl/rwgl'] },
  { stem: 'nkgzgl/rwlb', routes: ['/nkgzgl/rwlb'] },
  { stem: 'nkgzgl/rwsh', routes: ['/nkgzgl/rwsh'] },
  { stem: 'onlineConsult/visitor', routes: ['/onlineConsult/visitor'], public: true },
  { stem: 'org', routes: ['/org'] },
  { stem: 'qt_app/AccountSecurity', routes: ['/qt_app/AccountSecurity'] },
  { stem: 'qt_app/bxgl', routes: ['/qt_app/bxgl'] },
  { stem: 'qt_app/dbgl', routes: ['/qt_app/dbgl'] },
  { stem: 'qt_app/jskq', routes: ['/qt_app/jskq'] },
  { stem: 'qt_app/nkgzgl', routes: ['/qt_app/nkgzgl/rwgl', '/qt_app/nkgzgl/rwlb', '/qt_app/nkgzgl/rwsh', '/qt_app/nkgzgl/ldck'] },
  { stem: 'qt_app/ycyd', notBuilt: 'vehicle booking (issue 30 item 8)' },
  { stem: 'qt_app/xmgl', routes: ['/qt_app/xmgl'] },
  { stem: 'qt_app/zgzap', routes: ['/qt_app/zgzap'] },
  { stem: 'qt_app/zhmm', routes: ['/qt_app/zhmm'], public: true },
  { stem: 'qt_app/znx', routes: ['/qt_app/znx'] },
  { stem: 'rwxq/rwxq', routes: ['/qt_app/rwxq/rwxq'] },
  { stem: 'serverMonitor', routes: ['/serverMonitor'] },
  { stem: 'spiderColumn', notBuilt: 'publishing columns from other sites (issue 30 item 9)' },
  { stem: 'survey/cjwj', routes: ['/survey/cjwj'] },
  { stem: 'survey/wjdt', routes: ['/survey/wjdt'] },
  { stem: 'survey/wjlb', routes: ['/survey/wjlb'] },
  { stem: 'survey/wjtx', routes: ['/survey/wjdt'] },
  { stem: 'survey/zdsxyz', routes: ['/survey/cjwj'] },
  { stem: 'weChat/config', routes: ['/weChat/config'] },
  { stem: 'weChat/menu', routes: ['/weChat/menu'] },
  { stem: 'weChat/tags', routes: ['/weChat/tags'] },
  { stem: 'weChat/user', routes: ['/weChat/user'] },
  { stem: 'xlgl', routes: ['/xlgl'] },
  { stem: 'xmgl', routes: ['/xmgl'] },
  { stem: 'zgzap', routes: ['/zgzap'] },
  { stem: 'zskgl', routes: ['/zskgl'] },
  { stem: 'zxgl', routes: ['/zxgl'] },
  { stem: 'zxqgl', notBuilt: 'school calendar: the daily schedule (issue 30 item 1)' },
  { stem: 'demo/icons', routes: ['/demo/icons'] },
  { stem: 'demo/buttons', routes: ['/demo/buttons'] },
  { stem: 'demo/pagHeader', routes: ['/demo/pagHeader'] },
  { stem: 'demo/tableWrap', routes: ['/demo/tableWrap'] },
  { stem: 'demo/pagination', routes: ['/demo/pagination'] },
  { stem: 'demo/others', routes: ['/demo/others'] },
  { stem: 'demo/layout', routes: ['/demo/layout'] },
  { stem: 'demo/editor', routes: ['/demo/editor'] },
  { stem: 'demo/sticky', routes: ['/demo/sticky'] },
];
