/** Paths of the server calls, relative to BASE_API (default `/server`). Shared so neither side spells them twice. */
export const DEFAULT_BASE_API = '/server';
export const DEFAULT_TOKEN_HEADER = 'X-Access-Token';
export const LANGUAGE_HEADER = 'Accept-Language';
/**
 * Request encryption's sign header: base64(ephemeral X25519 public key ‖ nonce ‖ AES-256-GCM({k, t, u})); the rest of
 * its rules are in request-encryption.ts (docs/adr/0036-request-encryption.md).
 */
export const SIGN_HEADER = 'sign';

export const ApiPath = {
  appConfig: '/anon/app-config',
  health: '/health',
  login: '/api/login/v3',
  logout: '/logout',
  getExpires: '/api/getExpires',
  getPermission: '/ms/getPermission',
  roleRefresh: '/api/role/refresh',
  getUserInfo: '/userManage/getUserInfo',
  getPwdStrategy: '/api/login/getPwdStrategy',
  updatePwd: '/api/login/updatePwd',
  mySessions: '/api/sessions/mine',
  myStudents: '/api/students/mine',
  endMyOtherSessions: '/api/sessions/mine/end-others',
  operationLogs: '/ms/logs/list',
  /** Single sign-on (docs/adr/0035-single-sign-on.md): the browser is sent here to start, with `redirect`. */
  idsStart: '/anon/api/auth/start',
  /** Where the provider sends the browser back (and a CAS server posts its single logout). */
  idsCallback: '/anon/api/auth/callback',
  /** The landing page's exchange of the code or ticket for a session. */
  idsCheck: '/anon/api/auth/check',
} as const;

/** The single sign-on landing page (public): it posts the code to `idsCheck`, then goes where the user was. */
export const IDS_LANDING_PATH = '/sso/callback';

/** Application configuration read by the SPA at start (docs/product/shell-and-sign-in.md#shared-calls). */
export interface AppConfig {
  BASE_API: string;
  LOGIN_TITLE: string;
  LOGIN_FOOTER: string;
  TITLE: string;
  LOGIN_TYPE: 'PASSWORD' | 'IDS';
  LOGO_URL: string;
  THEME_DEFAULT: string;
  REQUEST_ENCRYPT: boolean;
  /** Prefix of the legacy password digests (not a secret: it separates this system's digests from others). */
  PWD_HASH_PREFIX: string;
  /** Header that carries the session token. */
  TOKEN_HEADER: string;
  /**
   * When IDS: where the browser goes to sign in — the server's start address (`BASE_API` + `ApiPath.idsStart`), which
   * takes `redirect` (the path to come back to); empty when single sign-on is not configured.
   */
  IDS_LOGIN_URL: string;
}

/** The sign-out answer: under single sign-on, where the browser goes to end the provider's session too. */
/** Where the browser goes to sign in at the identity provider (the answer of `idsStart`). */
export interface IdsStartResult {
  url: string;
}

export interface LogoutResult {
  logoutUrl?: string;
}

export interface LoginResult {
  token: string;
  headerName: string;
  /** The signed-in user's id: the user a request-encryption sign names (docs/adr/0036-request-encryption.md). */
  userId?: string;
  /** The account still has its initial password: the browser asks for a new one before anything else. */
  mustChangePassword?: boolean;
}

/** Menu remark JSON (docs/product/shell-and-sign-in.md#permissions-and-menus): English name, custom page flag/param, home flag, position. */
export interface MenuRemark {
  menuNameEng?: string;
  /** '1' = custom preview page; route becomes `{menuurl}/{zdycs}`. */
  sfzdy?: '0' | '1';
  zdycs?: string;
  /** '1' = this menu replaces the dashboard as home page. */
  sfswsy?: '0' | '1';
  /** Position: header link ('top') or sidebar ('left', default). */
  cdwz?: 'top' | 'left';
  /** Extra front-end hints. */
  noCache?: boolean;
  hidden?: boolean;
}

export interface MenuNode {
  id: string;
  menuname: string;
  menuurl: string;
  icon: string;
  /** JSON text of MenuRemark, as the legacy wire carries it. */
  remark: string;
  sort: number;
  permission: string;
  menus: MenuNode[];
}

export interface PermissionInfo {
  menus: MenuNode[];
  permission: string[];
  roles: string[];
  /** username: display name; userId: the account (legacy name); id: the user's uuid (actor ids in workflows). */
  userInfo: { username: string; userId: string; userType: string; id: string; mustChangePassword?: boolean };
  requestId: string;
}

export interface PwdStrategy {
  rule: string;
  description: string;
}

export interface OwnUserInfoRow {
  ID: string;
  USERNAME: string;
  /** Never the stored hash: the legacy field is kept for shape only and is always empty. */
  PASSWORD: string;
  ENABLED: '0' | '1';
  /** The account still has its initial password (see LoginResult). */
  mustChangePassword?: boolean;
}

export interface SessionView {
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string;
  userAgent: string;
}

export interface OperationLogRow {
  id: string;
  at: string;
  userId: string | null;
  account: string | null;
  action: string;
  target: string | null;
  result: 'success' | 'failure' | 'denied';
  ip: string | null;
  detail: Record<string, unknown>;
}
