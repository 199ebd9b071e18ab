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
} as const;

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
  /** When IDS: where to send the user to sign in. */
  IDS_LOGIN_URL: string;
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
