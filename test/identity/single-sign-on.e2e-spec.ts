import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { call, randomIp, withDb } from '../support/api.js';
import { launchBrowser, newTestPage, shot, tid, waitForPath } from '../support/browser.js';
import { startCasServer, type CasServer } from '../support/cas-server.js';
import { freePort } from '../support/e2e-environment.js';
import { callAt, type Instance, startInstance, stopInstance } from '../support/instances.js';
import { startOidcServer, type OidcServer } from '../support/oidc-server.js';

// Issue 31, part 1: single sign-on against real providers started here — a CAS 3 server (test/support/cas-server.ts)
// and an OpenID provider (the certified oidc-provider package, test/support/oidc-server.ts) — with one app instance
// per protocol on this worker's database. The API: the check answers a session for `teacher`, refuses an unknown and a
// disabled account (the message, the operation log), a replayed ticket or code, and CAS single logout ends the session.
// The browser: `teacher` signs in through the provider's page to the dashboard, sign-out ends both sessions, and an
// unknown account lands on the no-permission page with the refusal.

const PASSWORD = 'provider-Passw0rd';
const PROVIDER_USERS = {
  teacher: { password: PASSWORD, name: '陈老师' },
  stranger: { password: PASSWORD, name: '外校老师' },
  ssodisabled: { password: PASSWORD, name: '停用账号' },
};
const CALLBACK = '/server/anon/api/auth/callback';

let cas: CasServer;
let op: OidcServer;
let casApp: Instance | undefined;
let oidcApp: Instance | undefined;
let browser: Browser;

beforeAll(async () => {
  const db = process.env.E2E_DATABASE_URL as string;
  // a disabled account the providers know (its own, so no other test's account is touched)
  await withDb((c) => c.query(`INSERT INTO sys_user (account, name, user_type, enabled) VALUES ('ssodisabled', '停用账号', '3', false) ON CONFLICT (account) DO UPDATE SET enabled = false`));
  const [casPort, oidcPort] = [await freePort(), await freePort()];
  const casAt = `http://127.0.0.1:${casPort}`;
  const oidcAt = `http://127.0.0.1:${oidcPort}`;
  cas = await startCasServer(Object.fromEntries(Object.entries(PROVIDER_USERS).map(([u, v]) => [u, { password: v.password, attributes: { cn: [v.name] } }])));
  op = await startOidcServer(PROVIDER_USERS, { redirectUri: `${oidcAt}${CALLBACK}`, postLogoutRedirectUri: `${oidcAt}/login` });
  [casApp, oidcApp] = await Promise.all([
    startInstance(db, `sso-cas-${casPort}`, { LOGIN_TYPE: 'IDS', IDS_PROTOCOL: 'cas', IDS_BASE_URL: cas.url, PUBLIC_URL: casAt }, casPort),
    startInstance(db, `sso-oidc-${oidcPort}`, { LOGIN_TYPE: 'IDS', IDS_PROTOCOL: 'oidc', OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: op.clientId, OIDC_CLIENT_SECRET: op.clientSecret, PUBLIC_URL: oidcAt }, oidcPort),
  ]);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([stopInstance(casApp), stopInstance(oidcApp)]);
  await Promise.all([cas?.close(), op?.close()]);
}, 60_000);

/** A browser without a browser: cookies kept per host, redirects followed by hand. */
class Agent {
  private readonly cookies = new Map<string, string>();

  async go(url: string, init: { form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'X-Forwarded-For': randomIp() };
    const jar = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (jar) headers.Cookie = jar;
    if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const res = await fetch(url, { method: init.form ? 'POST' : 'GET', headers, body: init.form ? new URLSearchParams(init.form).toString() : undefined, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return res;
  }

  /** Follows redirects from `url` until a page (answered) or the platform's landing page (its address answered). */
  async follow(url: string, init: { form?: Record<string, string> } = {}): Promise<{ page?: Response; landing?: URL }> {
    let res = await this.go(url, init);
    let at = url;
    for (let hops = 0; hops < 15; hops++) {
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { page: res };
      const next = new URL(location, at);
      if (next.pathname === '/sso/callback') return { landing: next };
      at = next.toString();
      res = await this.go(at);
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

type Answer = { code: string; state: string; iss?: string; redirect: string | null };

/** Starts a sign-in at the app and signs in at its provider's page; answers what the landing page would post. */
async function signInAtProvider(app: Instance, protocol: 'cas' | 'oidc', user: string, agent = new Agent(), redirect = '/dashboard'): Promise<Answer> {
  const start = await callAt<{ url: string }>(app.url, `/anon/api/auth/start?redirect=${encodeURIComponent(redirect)}`, { headers: { 'X-Forwarded-For': randomIp() } });
  expect(start.body.result).toBe(true);
  const first = await agent.follow(start.body.data!.url);
  let landing = first.landing;
  if (!landing) {
    // the provider's sign-in form
    const html = await first.page!.text();
    if (protocol === 'cas') {
      const service = new URL(start.body.data!.url).searchParams.get('service')!;
      landing = (await agent.follow(`${cas.url}/login`, { form: { username: user, password: PASSWORD, service } })).landing;
    } else {
      const action = /action="([^"]+)"/.exec(html)?.[1];
      landing = (await agent.follow(new URL(action!, op.issuer).toString(), { form: { username: user, password: PASSWORD } })).landing;
    }
  }
  if (!landing) throw new Error('the provider did not send the browser back');
  const p = landing.searchParams;
  return { code: p.get('code')!, state: p.get('state')!, ...(p.get('iss') ? { iss: p.get('iss')! } : {}), redirect: p.get('redirect') };
}

function check(app: Instance, answer: Partial<Answer>, lang: 'zh' | 'en' = 'zh') {
  const { code, state, iss } = answer;
  return callAt<{ token: string; headerName: string }>(app.url, '/anon/api/auth/check', {
    json: { code, state, ...(iss ? { iss } : {}) },
    headers: { 'X-Forwarded-For': randomIp(), 'Accept-Language': lang },
  });
}

async function lastLogin(account: string | null, reason?: string): Promise<{ result: string; detail: Record<string, unknown> } | undefined> {
  return withDb(
    async (c) =>
      (
        await c.query(
          `SELECT result, detail FROM sys_operation_log WHERE action = 'login' AND detail->>'method' = 'ids' AND ($1::text IS NULL OR account = $1) AND ($2::text IS NULL OR detail->>'reason' = $2) ORDER BY id DESC LIMIT 1`,
          [account, reason ?? null],
        )
      ).rows[0],
  );
}

describe.each(['cas', 'oidc'] as const)('single sign-on by %s: the check', (protocol) => {
  const app = (): Instance => (protocol === 'cas' ? casApp : oidcApp) as Instance;

  it('answers a session for teacher exactly as the sign-in does, and logs it', async () => {
    const answer = await signInAtProvider(app(), protocol, 'teacher');
    expect(answer.redirect).toBe('/dashboard');
    const res = await check(app(), answer);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, result: true, data: { headerName: 'X-Access-Token' } });
    // the sign-in's answer: token, header name and the user's id (which later request signs name, docs/adr/0036)
    expect(Object.keys(res.body.data!).sort()).toEqual(['headerName', 'token', 'userId']);
    const me = await callAt<{ userInfo: { userId: string } }>(app().url, '/ms/getPermission', { token: res.body.data!.token });
    expect(me.body.data?.userInfo.userId).toBe('teacher');
    expect(await lastLogin('teacher')).toMatchObject({ result: 'success', detail: { method: 'ids', protocol } });
  });

  it('refuses a replayed answer, and an old ticket or code under a new sign-in, and logs both', async () => {
    const answer = await signInAtProvider(app(), protocol, 'teacher');
    expect((await check(app(), answer)).body.result).toBe(true);
    const replay = await check(app(), answer);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ result: false, msg: '本次登录已失效或已使用，请重新登录' });
    expect(await lastLogin(null, 'invalid_state')).toMatchObject({ result: 'failure', detail: { protocol } });
    // the used code or ticket with a state of a sign-in started afresh: the provider itself refuses it
    const fresh = await callAt<{ url: string }>(app().url, '/anon/api/auth/start?redirect=/dashboard', { headers: { 'X-Forwarded-For': randomIp() } });
    const state = new URL(protocol === 'cas' ? new URL(fresh.body.data!.url).searchParams.get('service')! : fresh.body.data!.url).searchParams.get('state')!;
    const reused = await check(app(), { ...answer, state }, 'en');
    expect(reused.status).toBe(401);
    expect(reused.body.msg).toBe('Single sign-on failed: the ticket is invalid, expired or already used; please sign in again');
    expect(await lastLogin(null, 'ticket_rejected')).toMatchObject({ result: 'failure', detail: { protocol } });
  });

  it('refuses a person the platform has no account for, naming them, and logs it', async () => {
    const answer = await signInAtProvider(app(), protocol, 'stranger');
    const res = await check(app(), answer);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 403, result: false, msg: '统一身份认证账号“stranger”在本平台没有对应的用户，请联系管理员开通' });
    expect(await lastLogin('stranger')).toMatchObject({ result: 'failure', detail: { method: 'ids', protocol, reason: 'unknown_account' } });
  });

  it('refuses a disabled account and logs it', async () => {
    const res = await check(app(), await signInAtProvider(app(), protocol, 'ssodisabled'), 'en');
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('The account "ssodisabled" is disabled; please contact an administrator');
    expect(await lastLogin('ssodisabled')).toMatchObject({ result: 'failure', detail: { reason: 'disabled' } });
  });

  it('refuses an answer without a state or code in the caller’s language, never a 500', async () => {
    const res = await callAt(app().url, '/anon/api/auth/check', { form: { code: 'x' }, headers: { 'X-Forwarded-For': randomIp() } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ result: false, msg: '缺少统一身份认证的登录请求标识' });
  });
});

describe('single sign-on: sign-out and single logout', () => {
  it('CAS: sign-out answers the CAS logout address; the CAS server’s single logout ends the session made from its ticket', async () => {
    const agent = new Agent();
    const res = await check(casApp!, await signInAtProvider(casApp!, 'cas', 'teacher', agent));
    const token = res.body.data!.token;
    // another session of the same person stays: single logout names one ticket
    const other = (await check(casApp!, await signInAtProvider(casApp!, 'cas', 'teacher'))).body.data!.token;
    expect((await callAt(casApp!.url, '/api/getExpires', { token })).status).toBe(200);
    await agent.go(`${cas.url}/logout`);
    expect(cas.logoutsSent.at(-1)).toMatchObject({ status: 200 });
    expect(cas.logoutsSent.at(-1)!.service).toContain(`${CALLBACK}?state=`);
    const after = await callAt(casApp!.url, '/api/getExpires', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(50012);
    expect((await callAt(casApp!.url, '/api/getExpires', { token: other })).status).toBe(200);
    const out = await callAt<{ logoutUrl: string }>(casApp!.url, '/logout', { token: other });
    expect(out.body.data?.logoutUrl).toBe(`${cas.url}/logout?service=${encodeURIComponent(`${casApp!.url}/login`)}`);
    // a logout request naming no ticket of ours changes nothing and says nothing
    const probe = await callAt(casApp!.url, '/anon/api/auth/callback?state=x', { form: { logoutRequest: '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol"><samlp:SessionIndex>ST-unknown</samlp:SessionIndex></samlp:LogoutRequest>' } });
    expect(probe.body).toMatchObject({ result: true });
  });

  it('OIDC: sign-out answers the provider’s end-session address with the ID token as hint', async () => {
    const token = (await check(oidcApp!, await signInAtProvider(oidcApp!, 'oidc', 'teacher'))).body.data!.token;
    const out = await callAt<{ logoutUrl: string }>(oidcApp!.url, '/logout', { token });
    const url = new URL(out.body.data!.logoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${oidcApp!.url}/login`);
    expect(url.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    expect((await callAt(oidcApp!.url, '/api/getExpires', { token })).status).toBe(401);
  });

  it('the shared test server (password sign-in) has no single sign-on to start', async () => {
    const res = await call('/anon/api/auth/start?redirect=/dashboard');
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('本平台未启用统一身份认证');
  });
});

/** Fills the provider's sign-in page in the browser. */
async function providerSignIn(page: Page, protocol: 'cas' | 'oidc', user: string): Promise<void> {
  const [form, name, password, submit] = protocol === 'cas' ? ['#cas-login', '#username', '#password', '#cas-submit'] : ['#op-login', '#op-username', '#op-password', '#op-submit'];
  await page.locator(form).waitFor();
  await page.locator(name).fill(user);
  await page.locator(password).fill(PASSWORD);
  await page.locator(submit).click();
}

describe.each(['cas', 'oidc'] as const)('single sign-on by %s in the browser', (protocol) => {
  it('teacher signs in at the provider and reaches the page they asked for; sign-out ends both sessions; an unknown person is refused', async () => {
    const app = (protocol === 'cas' ? casApp : oidcApp) as Instance;
    const { page, problems, close } = await newTestPage(browser);
    try {
      // no session: the shell sends the browser to the provider, which asks who it is
      await page.goto(`${app.url}/qt_app/AccountSecurity`);
      await providerSignIn(page, protocol, 'teacher');
      await waitForPath(page, '/qt_app/AccountSecurity');
      await page.locator(tid('app-layout')).waitFor();
      expect(await page.locator(tid('user-name')).innerText()).toBe('陈老师');
      await page.goto(`${app.url}/dashboard`);
      await page.locator(tid('dashboard')).waitFor();
      await shot(page, `sso-${protocol}-dashboard`);
      // no password change under single sign-on
      await page.locator(tid('user-menu')).click();
      expect(await page.locator(tid('user-menu-change-password')).count()).toBe(0);
      const token = await page.evaluate(() => window.localStorage.getItem('sf_token'));
      expect(token).toBeTruthy();

      // sign-out: the platform's session ends, then the provider's, and the browser comes back to the sign-in page
      await page.locator(tid('user-menu-logout')).click();
      await page.waitForURL((u) => u.origin === app.url && u.pathname === '/login');
      await page.locator(tid('login-ids')).waitFor();
      expect((await callAt(app.url, '/api/getExpires', { token: token! })).status).toBe(401);
      // the provider asks for credentials again
      await page.locator(tid('login-ids')).click();
      await providerSignIn(page, protocol, 'stranger');

      // a person the platform does not know: the no-permission page with the refusal
      await waitForPath(page, '/no-permission');
      expect(await page.locator(tid('no-permission-reason')).innerText()).toContain('统一身份认证账号“stranger”在本平台没有对应的用户');
      expect(await page.evaluate(() => window.localStorage.getItem('sf_token'))).toBeNull();
      await shot(page, `sso-${protocol}-refused`);
      expect(problems.pageErrors).toEqual([]);
      expect(problems.unexpected({ allow: [/403 POST .*\/anon\/api\/auth\/check/, /status of 403 .*\/anon\/api\/auth\/check/, /favicon/] })).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
