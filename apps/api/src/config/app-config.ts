import { DEFAULT_BASE_API, DEFAULT_TOKEN_HEADER } from '@schoolflow/contracts';
import { DEFAULT_PASSWORD_HASH_COST, type PasswordHashCost } from '../identity/domain/password-hasher.js';
import { AddressAllowList } from '../spider-columns/domain/address-guard.js';

/**
 * Every environment variable the server reads, in one place (the README lists them).
 * Numbers fall back to their default when absent or not a number, so a typo cannot start a server with NaN limits.
 */
function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  return Number.isFinite(n) ? n : fallback;
}
function positive(name: string, fallback: number): number {
  const n = num(name, fallback);
  return n > 0 ? n : fallback;
}
function str(name: string, fallback: string): string {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}
/** A count of proxy hops: a whole number, or true/false (one / none). */
function hops(name: string): number {
  const raw = (process.env[name] ?? '').trim().toLowerCase();
  if (/^\d+$/.test(raw)) return Math.min(Number(raw), 10);
  return ['true', 'yes', 'on'].includes(raw) ? 1 : 0;
}
/** An absolute http(s) address without a trailing slash, or null when unset; anything else stops the start. */
function origin(name: string): string | null {
  const raw = (process.env[name] ?? '').trim();
  if (raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) address, e.g. https://school.example.org`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an absolute http(s) address, e.g. https://school.example.org`);
  return raw.replace(/\/+$/, '');
}
/**
 * Milliseconds of a test-only pause (a whole number 0..60000; default 0): anything else stops the start, so a typo
 * cannot slow a school's job down by accident or run a fault test at full speed.
 */
function pauseMs(name: string): number {
  const raw = (process.env[name] ?? '').trim();
  if (raw === '') return 0;
  if (!/^\d+$/.test(raw) || Number(raw) > 60_000) throw new Error(`${name} must be a whole number of milliseconds from 0 to 60000`);
  return Number(raw);
}
/** A calendar date YYYY-MM-DD, or null when unset; anything else stops the start. */
function isoDate(name: string): string | null {
  const raw = (process.env[name] ?? '').trim();
  if (raw === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw) throw new Error(`${name} must be a date YYYY-MM-DD`);
  return raw;
}
/** A whole number within [min, max], or the default when unset; anything else stops the start. */
function whole(name: string, fallback: number, min: number, max: number): number {
  const raw = (process.env[name] ?? '').trim();
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new Error(`${name} must be a whole number from ${min} to ${max}`);
  return Number(raw);
}
function bool(name: string, fallback: boolean): boolean {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(raw.toLowerCase());
}

export interface ServerConfig {
  port: number;
  host: string;
  /** The address users reach the platform at (a certificate's QR code links there); null: the request's own. */
  publicUrl: string | null;
  baseApi: string;
  databaseUrl: string | null;
  /** Connections of the app's pool at most (DATABASE_POOL_MAX, 2–200, default 20): instances × this must fit the server's max_connections. */
  databasePoolMax: number;
  /**
   * The connection of dynamic roles' SQL: a role of its own that can read only the `role_query` views
   * (docs/adr/0014). ROLE_QUERY_DATABASE_URL, else DATABASE_URL with the user `schoolflow_role_query` and no password.
   */
  roleQueryDatabaseUrl: string | null;
  /** Statement timeout of a dynamic role's SQL (DYNAMIC_ROLE_TIMEOUT_MS, 50 ms to 30 s). */
  dynamicRoleTimeoutMs: number;
  embeddedPgPort: number;
  dataDir: string;
  redisUrl: string | null;
  /** Prefix of every Redis key (BullMQ queues, socket.io adapter channels): deployments sharing a Redis stay apart. */
  redisPrefix: string;
  seedDemo: boolean;
  /**
   * The day the demo school is dated from (DEMO_TODAY, YYYY-MM-DD), else today in the school's time zone: a test seeds
   * the demo as if today were another day of the year (docs/adr/0030). Nothing else reads it.
   */
  demoToday: string | null;
  tokenHeader: string;
  sessionTtlSeconds: number;
  loginMaxFailures: number;
  loginLockSeconds: number;
  /** Failed sign-ins count toward the lock only within this many seconds of each other (LOGIN_FAILURE_WINDOW_SECONDS). */
  loginFailureWindowSeconds: number;
  /** Live sessions per user at most; a new sign-in ends the least recently used beyond it (MAX_SESSIONS_PER_USER). */
  maxSessionsPerUser: number;
  loginRateLimit: number;
  loginRateWindowSeconds: number;
  /** Certificate checks (`GET anon/certificates/{code}`, no sign-in) per client address per window (docs/adr/0028). */
  certificateRateLimit: number;
  certificateRateWindowSeconds: number;
  /**
   * Password recovery (docs/adr/0039-password-recovery.md): failed attempts per typed account and per client address within the window
   * before further attempts are refused for the lock time (PASSWORD_RESET_MAX_FAILURES, PASSWORD_RESET_WINDOW_SECONDS,
   * PASSWORD_RESET_LOCK_SECONDS).
   */
  passwordResetMaxFailures: number;
  passwordResetWindowSeconds: number;
  passwordResetLockSeconds: number;
  /**
   * Public questionnaire answers stored per questionnaire from one client address within the window
   * (SURVEY_ADDRESS_LIMIT per SURVEY_ADDRESS_WINDOW_SECONDS; docs/adr/0038): a school's NAT puts many phones behind one
   * address, so it is generous — it bounds a script that clears its device token, not a class.
   */
  surveyAddressLimit: number;
  surveyAddressWindowSeconds: number;
  /**
   * Device tokens issued with public papers per questionnaire to one client address within the same window
   * (SURVEY_DEVICE_LIMIT): visitors open papers they do not answer, so it is five times the answers' by default.
   */
  surveyDeviceLimit: number;
  /**
   * How often each instance forgets the device tokens of questionnaires ended more than a day ago
   * (SURVEY_SWEEP_SECONDS; SurveyDeviceSweep, docs/adr/0038).
   */
  surveySweepSeconds: number;
  /**
   * Online consultation (docs/adr/0042-online-consultation.md): a visitor's messages per token
   * (CONSULT_MESSAGE_LIMIT) and from one client address (CONSULT_ADDRESS_MESSAGE_LIMIT) per CONSULT_RATE_WINDOW_SECONDS;
   * conversations started from one address per CONSULT_SESSION_WINDOW_SECONDS (CONSULT_ADDRESS_SESSION_LIMIT); and how
   * long an agent may be without a socket before their conversations go back to the queue (CONSULT_AGENT_GRACE_SECONDS).
   */
  consultMessageLimit: number;
  consultAddressMessageLimit: number;
  consultRateWindowSeconds: number;
  consultAddressSessionLimit: number;
  consultSessionWindowSeconds: number;
  consultAgentGraceSeconds: number;
  /**
   * How many proxies stand in front (TRUST_PROXY: a number; `true`/`1` one). The client's address is the one the
   * outermost of them saw — never an X-Forwarded-For entry the client wrote itself (that would pass the sign-in limit).
   */
  trustProxy: number;
  /**
   * Seconds an idle keep-alive connection stays open (HTTP_KEEP_ALIVE_SECONDS, 1–600; default 65): longer than a proxy
   * or client keeps its own idle connections to the server, so the server never closes one just as a request is sent
   * on it — that race answers the request with a reset, not an answer (docs/adr/0076).
   */
  httpKeepAliveSeconds: number;
  pwdHashPrefix: string;
  /**
   * The argon2id cost of new password hashes (PASSWORD_HASH_MEMORY_KIB, PASSWORD_HASH_TIME_COST): OWASP's minimum by
   * default; the test suite lowers it to seed its databases quickly (docs/adr/0030). A start below the default warns.
   */
  passwordHashCost: PasswordHashCost;
  pwdRule: string;
  loginType: 'PASSWORD' | 'IDS';
  /** Single sign-on when LOGIN_TYPE=IDS (docs/adr/0035-single-sign-on.md); null otherwise. */
  ids: IdsConfig | null;
  /**
   * REQUEST_ENCRYPT: the default of request encryption; an administrator's choice in the system configuration
   * (`security.requestEncrypt`) overrides it (docs/adr/0036-request-encryption.md).
   */
  requestEncrypt: boolean;
  /** REQUEST_SIGN_WINDOW_SECONDS: how far a sign's time may be from the server's clock, either way (30–540, default 300). */
  requestSignWindowSeconds: number;
  logoUrl: string;
  themeDefault: string;
  timeZone: string;
  /** Folded workflow streams kept for commands (STREAM_CACHE_MAX, docs/adr/0010); ~3.4 kB each (the soak). */
  streamCacheMax: number;
  logLevel: string;
  /**
   * BENCH_BASELINE_ENDPOINT: registers `POST bench/insert`, the baseline of `npm run bench:workflow` (one INSERT per
   * request, no session). For the bench's own server only; a start with it on warns.
   */
  benchBaselineEndpoint: boolean;
  webDir: string;
  version: string;
  /** Uploads never attached are deleted after this many hours; removed ones at the next sweep (ADR 0013). */
  fileRetentionHours: number;
  /** How often the workflow timers are swept (a pending classroom loan expires at its start). */
  timerSweepSeconds: number;
  /**
   * The periodic looks of the jobs on JobQueue (docs/adr/0032), each for what a lost job missed, in seconds (at least
   * 0.2): reviewers' reminders (REMINDER_SWEEP_SECONDS, 60), scheduled posts (PUBLISHING_SWEEP_SECONDS, 30), to-dos'
   * reminders (TODO_REMINDER_SWEEP_SECONDS, 60).
   */
  reminderSweepSeconds: number;
  /** A reviewer's reminder after this many minutes (REMINDER_DELAY_MINUTES, ≥ 0), or null: the system setting decides. */
  reminderDelayMinutes: number | null;
  publishingSweepSeconds: number;
  todoReminderSweepSeconds: number;
  /** How often overdue work tasks are looked for (WORK_TASK_SWEEP_SECONDS, 300): each is reminded once a school day. */
  workTaskSweepSeconds: number;
  /** An instance without reminders (REMINDERS_DISABLED=1) or notifications (NOTIFICATIONS_DISABLED=1): tests of their durability stop them this way. */
  remindersDisabled: boolean;
  notificationsDisabled: boolean;
  /** School days a final-term evaluation is put up for its class's families (公示) before the office may confirm it (0–30). */
  evaluationPublicityDays: number;
  /**
   * Message channels (docs/adr/0041-message-channels.md): how often deliveries due are swept (CHANNEL_SWEEP_SECONDS),
   * the first retry's wait, doubled at each further one (CHANNEL_RETRY_BASE_MS), the tries of a delivery before it
   * counts as failed (CHANNEL_MAX_ATTEMPTS), and how long one try (an SMTP session, a WeChat call) may take
   * (CHANNEL_SEND_TIMEOUT_MS) — a claim older than twice that is taken up again (its process died).
   */
  channelSweepSeconds: number;
  channelRetryBaseMs: number;
  channelMaxAttempts: number;
  channelSendTimeoutMs: number;
  fileSweepSeconds: number;
  fileCleanupDisabled: boolean;
  /** Uploads one user may have under way at once, per instance (UPLOADS_PER_USER); another answers 429. */
  uploadsPerUser: number;
  /** Bytes a user may hold in uploads no request uses yet (UPLOAD_QUOTA_MB); more is refused until they are used or swept. */
  uploadQuotaMb: number;
  /** Bytes one upload request may carry in all its files (UPLOAD_REQUEST_MAX_MB). */
  uploadRequestMaxMb: number;
  /** Free space the data disk keeps whatever is uploaded (DISK_RESERVE_MB): PostgreSQL may share the disk. */
  diskReserveMb: number;
  /** Imports (docs/adr/0015): data rows at most, zip contents claimed at most, and the parse worker's limits. */
  importMaxRows: number;
  importMaxUnpackedMb: number;
  importParseSeconds: number;
  importParseMemoryMb: number;
  /**
   * Semester upgrade (docs/adr/0025): a pause before each class (UPGRADE_CLASS_DELAY_MS, tests only: a fault test
   * kills the job mid-run). 0 in production.
   */
  upgradeClassDelayMs: number;
  /** Background jobs (imports, class reports, scheduling…) one user may have queued or running at once (JOBS_PER_USER; docs/adr/0029). */
  jobsPerUser: number;
  /** PDFs one user may have being made at once, per instance (PDF_RENDERS_PER_USER); another answers 429. */
  pdfRendersPerUser: number;
  /** Worker threads drawing PDFs (PDF_WORKERS); null: every core but one, 1–4. */
  pdfWorkers: number | null;
  /**
   * 栏目采集 (docs/adr/0067-spider-columns.md#fetching): addresses and ranges a column may fetch although internal
   * (SPIDER_ALLOWED_HOSTS, e.g. `127.0.0.1,10.1.0.0/16`; none by default — an invalid entry stops the start), one
   * page's deadline (SPIDER_FETCH_TIMEOUT_MS, 10 s) and size (SPIDER_MAX_BYTES, 2 MB), and how often due columns are
   * looked for (SPIDER_SWEEP_SECONDS, 300).
   */
  spiderAllowedHosts: readonly string[];
  spiderFetchTimeoutMs: number;
  spiderMaxBytes: number;
  spiderSweepSeconds: number;
}

/** Which of our identifiers the provider's value names (docs/adr/0035-single-sign-on.md). */
export const IDS_ACCOUNT_ATTRIBUTES = ['account', 'work_no', 'student_no'] as const;
export type IdsAccountAttribute = (typeof IDS_ACCOUNT_ATTRIBUTES)[number];

interface IdsCommon {
  /** PUBLIC_URL: the provider sends the browser back to `{publicUrl}{baseApi}/anon/api/auth/callback`. */
  publicUrl: string;
  accountAttribute: IdsAccountAttribute;
  /** The provider's attribute (CAS) or claim (OIDC) naming the person; null: the CAS user, the OIDC `sub`. */
  userAttribute: string | null;
  /** Create an account with no role for a person the platform does not know (IDS_JIT_ACCOUNTS, off by default). */
  jitAccounts: boolean;
  /** How long a started sign-in may take at the provider (IDS_STATE_TTL_SECONDS, 60–3600, default 600). */
  stateTtlSeconds: number;
}
export type IdsConfig =
  | (IdsCommon & { protocol: 'cas'; casBaseUrl: string })
  | (IdsCommon & { protocol: 'oidc'; issuer: string; clientId: string; clientSecret: string; scopes: string });

/**
 * A provider address: https, or http on this machine's loopback only (a provider on the same host, the tests) — the
 * ticket or code and the answers that make a session travel over it.
 */
function providerUrl(name: string, fallback?: string): string {
  const raw = (process.env[name] ?? '').trim() || (fallback ?? '');
  if (raw === '') throw new Error(`LOGIN_TYPE=IDS with IDS_PROTOCOL=${process.env.IDS_PROTOCOL ?? 'cas'} needs ${name}`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute https address, e.g. https://ids.school.example.org/cas`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error(`${name} must be an https address (http only on loopback)`);
  if (url.search || url.hash) throw new Error(`${name} must be a base address without query or fragment`);
  return raw.replace(/\/+$/, '');
}

/**
 * The single sign-on settings under LOGIN_TYPE=IDS; an incomplete set stops the start, naming what is missing.
 * IDS_LOGIN_URL, the one setting of before (a CAS login address the browser was sent to), is read as the CAS server
 * it names: `https://ids.example/authserver/login?service=` is IDS_PROTOCOL=cas with that server's base.
 */
function idsConfig(publicUrl: string | null): IdsConfig {
  const legacy = (process.env.IDS_LOGIN_URL ?? '').trim();
  const protocol = (process.env.IDS_PROTOCOL ?? '').trim().toLowerCase() || (legacy ? 'cas' : '');
  if (protocol !== 'cas' && protocol !== 'oidc') throw new Error('LOGIN_TYPE=IDS needs IDS_PROTOCOL=cas or IDS_PROTOCOL=oidc (docs/adr/0035-single-sign-on.md)');
  if (!publicUrl) throw new Error('LOGIN_TYPE=IDS needs PUBLIC_URL: the provider sends the browser back to an address under it');
  const attribute = (process.env.IDS_ACCOUNT_ATTRIBUTE ?? '').trim() || 'account';
  if (!(IDS_ACCOUNT_ATTRIBUTES as readonly string[]).includes(attribute)) throw new Error(`IDS_ACCOUNT_ATTRIBUTE must be one of ${IDS_ACCOUNT_ATTRIBUTES.join(', ')}`);
  const accountAttribute = attribute as IdsAccountAttribute;
  const jitAccounts = bool('IDS_JIT_ACCOUNTS', false);
  // A new account is an account (sys_user); a student or staff number belongs to a record an account cannot invent.
  if (jitAccounts && accountAttribute !== 'account') throw new Error('IDS_JIT_ACCOUNTS needs IDS_ACCOUNT_ATTRIBUTE=account');
  const userAttribute = (process.env.IDS_USER_ATTRIBUTE ?? '').trim() || null;
  if (userAttribute !== null && !/^[A-Za-z_][\w.:-]{0,99}$/.test(userAttribute)) throw new Error('IDS_USER_ATTRIBUTE must be an attribute or claim name');
  const common: IdsCommon = { publicUrl, accountAttribute, userAttribute, jitAccounts, stateTtlSeconds: whole('IDS_STATE_TTL_SECONDS', 600, 60, 3600) };
  if (protocol === 'cas') {
    const fromLegacy = legacy ? legacy.replace(/[?#].*$/, '').replace(/\/login\/*$/, '') : undefined;
    if (legacy && !process.env.IDS_BASE_URL && !/\/login\/*(?:[?#].*)?$/.test(legacy)) {
      throw new Error('IDS_LOGIN_URL is read as a CAS login address (…/login?service=); set IDS_BASE_URL to the CAS server instead');
    }
    return { ...common, protocol, casBaseUrl: providerUrl('IDS_BASE_URL', fromLegacy) };
  }
  const clientId = (process.env.OIDC_CLIENT_ID ?? '').trim();
  const clientSecret = process.env.OIDC_CLIENT_SECRET ?? '';
  if (!clientId) throw new Error('LOGIN_TYPE=IDS with IDS_PROTOCOL=oidc needs OIDC_CLIENT_ID');
  if (!clientSecret) throw new Error('LOGIN_TYPE=IDS with IDS_PROTOCOL=oidc needs OIDC_CLIENT_SECRET');
  const scopes = (process.env.OIDC_SCOPES ?? '').trim() || 'openid profile';
  if (!scopes.split(/\s+/).includes('openid')) throw new Error('OIDC_SCOPES must include openid');
  return { ...common, protocol, issuer: providerUrl('OIDC_ISSUER'), clientId, clientSecret, scopes };
}

/** Default strategy: 8-50 characters with upper, lower, digit and a special character. */
/** The role that runs dynamic roles' SQL, when no ROLE_QUERY_DATABASE_URL names another (docs/adr/0014). */
export const ROLE_QUERY_USER = 'schoolflow_role_query';

/** The role-query URL that goes with an app URL: same server and database, the role-query user, no password. */
export function roleQueryUrlFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.username = ROLE_QUERY_USER;
  url.password = '';
  return url.toString();
}

export const DEFAULT_PWD_RULE = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[^A-Za-z0-9]).{8,50}$';

export function loadConfig(): ServerConfig {
  const baseApi = str('BASE_API', DEFAULT_BASE_API).replace(/\/+$/, '');
  return {
    port: num('PORT', 3000),
    host: str('HOST', '0.0.0.0'),
    publicUrl: origin('PUBLIC_URL'),
    baseApi,
    databaseUrl: process.env.DATABASE_URL || null,
    databasePoolMax: whole('DATABASE_POOL_MAX', 20, 2, 200),
    roleQueryDatabaseUrl: process.env.ROLE_QUERY_DATABASE_URL || (process.env.DATABASE_URL ? roleQueryUrlFor(process.env.DATABASE_URL) : null),
    dynamicRoleTimeoutMs: Math.min(Math.max(num('DYNAMIC_ROLE_TIMEOUT_MS', 2000), 50), 30_000),
    embeddedPgPort: num('EMBEDDED_PG_PORT', 54329),
    dataDir: str('DATA_DIR', '.data'),
    redisUrl: process.env.REDIS_URL || null,
    redisPrefix: str('REDIS_PREFIX', 'schoolflow'),
    seedDemo: bool('SEED_DEMO', true),
    demoToday: isoDate('DEMO_TODAY'),
    tokenHeader: str('TOKEN_HEADER', DEFAULT_TOKEN_HEADER),
    sessionTtlSeconds: num('SESSION_TTL_SECONDS', 2 * 60 * 60),
    loginMaxFailures: num('LOGIN_MAX_FAILURES', 5),
    loginLockSeconds: num('LOGIN_LOCK_SECONDS', 15 * 60),
    loginFailureWindowSeconds: positive('LOGIN_FAILURE_WINDOW_SECONDS', 15 * 60),
    maxSessionsPerUser: Math.max(1, Math.round(positive('MAX_SESSIONS_PER_USER', 10))),
    loginRateLimit: num('LOGIN_RATE_LIMIT', 20),
    loginRateWindowSeconds: num('LOGIN_RATE_WINDOW_SECONDS', 60),
    certificateRateLimit: Math.max(1, Math.round(positive('CERTIFICATE_RATE_LIMIT', 30))),
    certificateRateWindowSeconds: positive('CERTIFICATE_RATE_WINDOW_SECONDS', 60),
    passwordResetMaxFailures: Math.max(1, Math.round(positive('PASSWORD_RESET_MAX_FAILURES', 5))),
    passwordResetWindowSeconds: Math.round(positive('PASSWORD_RESET_WINDOW_SECONDS', 15 * 60)),
    passwordResetLockSeconds: Math.round(positive('PASSWORD_RESET_LOCK_SECONDS', 30 * 60)),
    surveyAddressLimit: Math.max(1, Math.round(positive('SURVEY_ADDRESS_LIMIT', 200))),
    surveyAddressWindowSeconds: positive('SURVEY_ADDRESS_WINDOW_SECONDS', 24 * 60 * 60),
    surveyDeviceLimit: Math.max(1, Math.round(positive('SURVEY_DEVICE_LIMIT', 1000))),
    surveySweepSeconds: positive('SURVEY_SWEEP_SECONDS', 3600),
    consultMessageLimit: Math.max(1, Math.round(positive('CONSULT_MESSAGE_LIMIT', 30))),
    consultAddressMessageLimit: Math.max(1, Math.round(positive('CONSULT_ADDRESS_MESSAGE_LIMIT', 600))),
    consultRateWindowSeconds: positive('CONSULT_RATE_WINDOW_SECONDS', 60),
    consultAddressSessionLimit: Math.max(1, Math.round(positive('CONSULT_ADDRESS_SESSION_LIMIT', 30))),
    consultSessionWindowSeconds: positive('CONSULT_SESSION_WINDOW_SECONDS', 60 * 60),
    consultAgentGraceSeconds: positive('CONSULT_AGENT_GRACE_SECONDS', 60),
    trustProxy: hops('TRUST_PROXY'),
    httpKeepAliveSeconds: whole('HTTP_KEEP_ALIVE_SECONDS', 65, 1, 600),
    pwdHashPrefix: str('PWD_HASH_PREFIX', 'schoolflow:'),
    passwordHashCost: {
      memoryKib: whole('PASSWORD_HASH_MEMORY_KIB', DEFAULT_PASSWORD_HASH_COST.memoryKib, 8, 4_194_304),
      timeCost: whole('PASSWORD_HASH_TIME_COST', DEFAULT_PASSWORD_HASH_COST.timeCost, 1, 10),
    },
    pwdRule: str('PWD_RULE', DEFAULT_PWD_RULE),
    loginType: str('LOGIN_TYPE', 'PASSWORD') === 'IDS' ? 'IDS' : 'PASSWORD',
    ids: str('LOGIN_TYPE', 'PASSWORD') === 'IDS' ? idsConfig(origin('PUBLIC_URL')) : null,
    requestEncrypt: bool('REQUEST_ENCRYPT', false),
    // At most 9 minutes: a sign 10 minutes old is always refused.
    requestSignWindowSeconds: whole('REQUEST_SIGN_WINDOW_SECONDS', 300, 30, 540),
    logoUrl: str('LOGO_URL', ''),
    themeDefault: str('THEME_DEFAULT', ''),
    timeZone: str('TZ_SCHOOL', 'Asia/Shanghai'),
    streamCacheMax: Math.max(1, Math.round(positive('STREAM_CACHE_MAX', 20_000))),
    logLevel: str('LOG_LEVEL', 'info'),
    benchBaselineEndpoint: bool('BENCH_BASELINE_ENDPOINT', false),
    webDir: str('WEB_DIR', 'dist/web'),
    version: str('npm_package_version', '0.1.0'),
    fileRetentionHours: positive('FILE_RETENTION_HOURS', 24),
    fileSweepSeconds: positive('FILE_SWEEP_SECONDS', 3600),
    timerSweepSeconds: positive('TIMER_SWEEP_SECONDS', 30),
    reminderSweepSeconds: Math.max(0.2, positive('REMINDER_SWEEP_SECONDS', 60)),
    reminderDelayMinutes: num('REMINDER_DELAY_MINUTES', -1) >= 0 ? num('REMINDER_DELAY_MINUTES', -1) : null,
    publishingSweepSeconds: Math.max(0.2, positive('PUBLISHING_SWEEP_SECONDS', 30)),
    todoReminderSweepSeconds: Math.max(0.2, positive('TODO_REMINDER_SWEEP_SECONDS', 60)),
    workTaskSweepSeconds: Math.max(0.2, positive('WORK_TASK_SWEEP_SECONDS', 300)),
    remindersDisabled: process.env.REMINDERS_DISABLED === '1',
    notificationsDisabled: process.env.NOTIFICATIONS_DISABLED === '1',
    evaluationPublicityDays: whole('EVALUATION_PUBLICITY_DAYS', 5, 0, 30),
    channelSweepSeconds: positive('CHANNEL_SWEEP_SECONDS', 15),
    channelRetryBaseMs: whole('CHANNEL_RETRY_BASE_MS', 30_000, 10, 3_600_000),
    channelMaxAttempts: whole('CHANNEL_MAX_ATTEMPTS', 5, 1, 20),
    channelSendTimeoutMs: whole('CHANNEL_SEND_TIMEOUT_MS', 20_000, 500, 300_000),
    fileCleanupDisabled: bool('FILE_CLEANUP_DISABLED', false),
    uploadsPerUser: Math.max(1, Math.round(positive('UPLOADS_PER_USER', 2))),
    uploadQuotaMb: positive('UPLOAD_QUOTA_MB', 512),
    uploadRequestMaxMb: positive('UPLOAD_REQUEST_MAX_MB', 200),
    diskReserveMb: positive('DISK_RESERVE_MB', 1024),
    importMaxRows: Math.max(1, Math.round(positive('IMPORT_MAX_ROWS', 10_000))),
    importMaxUnpackedMb: positive('IMPORT_MAX_UNPACKED_MB', 64),
    importParseSeconds: positive('IMPORT_PARSE_SECONDS', 20),
    importParseMemoryMb: Math.round(positive('IMPORT_PARSE_MEMORY_MB', 384)),
    upgradeClassDelayMs: pauseMs('UPGRADE_CLASS_DELAY_MS'),
    jobsPerUser: whole('JOBS_PER_USER', 3, 1, 100),
    pdfRendersPerUser: whole('PDF_RENDERS_PER_USER', 2, 1, 50),
    pdfWorkers: (process.env.PDF_WORKERS ?? '').trim() === '' ? null : whole('PDF_WORKERS', 1, 1, 16),
    spiderAllowedHosts: AddressAllowList.parse(process.env.SPIDER_ALLOWED_HOSTS ?? '').entries,
    spiderFetchTimeoutMs: whole('SPIDER_FETCH_TIMEOUT_MS', 10_000, 500, 120_000),
    spiderMaxBytes: whole('SPIDER_MAX_BYTES', 2 * 1024 * 1024, 10_000, 50 * 1024 * 1024),
    spiderSweepSeconds: Math.max(0.2, positive('SPIDER_SWEEP_SECONDS', 300)),
  };
}

export const SERVER_CONFIG = Symbol('SERVER_CONFIG');
