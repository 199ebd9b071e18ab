import { describe, expect, it } from '@jest/globals';
import type { AppConfig, OperationLogRow, Page } from '@schoolflow/contracts';
import { baseUrl, call, login, withDb } from '../support/api.js';

describe('platform calls', () => {
  it('serves the application configuration without sign-in, in the caller language', async () => {
    const zh = (await call<AppConfig>('/anon/app-config')).body.data as AppConfig;
    expect(zh).toMatchObject({ BASE_API: '/server', LOGIN_TYPE: 'PASSWORD', REQUEST_ENCRYPT: false, TOKEN_HEADER: 'X-Access-Token' });
    expect(zh.LOGIN_TITLE).toBe('SchoolFlow 智慧校园');
    const en = (await call<AppConfig>('/anon/app-config', { lang: 'en' })).body.data as AppConfig;
    expect(en.LOGIN_TITLE).toBe('SchoolFlow Smart Campus');
  });

  it('GET /health reports database, redis and queue', async () => {
    const res = await call<{ status: string; database: string; queue: string; version: string }>('/health');
    expect(res.body.data).toMatchObject({ status: 'up', database: 'up' });
    expect(['in-process', 'redis']).toContain(res.body.data?.queue);
  });

  it('serves OpenAPI at /server/docs', async () => {
    const res = await fetch(`${baseUrl()}/server/docs`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/swagger/i);
  });

  it('serves the SPA with a Content-Security-Policy and frame protection; every answer is unsniffable and unframable (hardening)', async () => {
    for (const path of ['/', '/dashboard', '/login']) {
      const res = await fetch(`${baseUrl()}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    expect((await fetch(`${baseUrl()}${asset}`)).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const api = await fetch(`${baseUrl()}/server/health`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
  });

  it('keeps an idle connection open longer than a proxy or client keeps theirs, and says so (docs/adr/0076)', async () => {
    // Node's own 5 s closed connections a client still held for a request it was about to send: that request met a
    // reset (the fuzz saw "fetch failed" on a loaded machine). Clients and proxies read the promise in this header.
    const res = await fetch(`${baseUrl()}/server/health`);
    expect(res.headers.get('connection')).toBe('keep-alive');
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('serves the built files precompressed, hashed assets immutable, index.html revalidated (issue 14 loose ends)', async () => {
    const html = await fetch(`${baseUrl()}/`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1] as string;
    // fetch decodes what it is sent; the raw headers say which copy came
    const br = await fetch(`${baseUrl()}${asset}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brText = await br.text();
    const gz = await fetch(`${baseUrl()}${asset}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${baseUrl()}${asset}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const plainText = await plain.text();
    expect(brText).toBe(plainText);
    expect(await gz.text()).toBe(plainText);
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(0);
    // an asset an old page asks for after a deploy is missing, not the SPA served as script; nothing outside the build
    expect((await fetch(`${baseUrl()}/assets/index-00000000.js`)).status).toBe(404);
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json']) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(await res.text()).not.toContain('"allowScripts"');
    }
  });

  it('answers unknown API paths with the 404 envelope and unknown SPA paths with the SPA', async () => {
    const api = await call('/definitely/not/here', { lang: 'en' });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ code: 404, result: false, msg: 'The requested resource does not exist' });
    const spa = await fetch(`${baseUrl()}/some/client/route`);
    expect(spa.status).toBe(200);
    expect(await spa.text()).toMatch(/<div id="root">/);
  });

  it('lists, filters and pages the operation log for the administrator; refuses bad table requests', async () => {
    const token = await login('admin');
    const all = await call<Page<OperationLogRow>>('/ms/logs/list', { token, json: { current: 1, size: 10 } });
    expect(all.body.result).toBe(true);
    expect(all.body.data?.total).toBeGreaterThan(0);
    expect(all.body.data?.list.length).toBeLessThanOrEqual(10);
    const logins = await call<Page<OperationLogRow>>('/ms/logs/list', { token, json: { current: 1, size: 20, query: { account: 'admin', action: 'login', result: 'success' } } });
    expect(logins.body.data?.list.every((r) => r.action === 'login' && r.result === 'success' && r.account === 'admin')).toBe(true);
    const badSize = await call('/ms/logs/list', { token, json: { current: 1, size: 15 } });
    expect(badSize.body).toEqual({ code: 400, result: false, msg: '每页条数只能是 10、20、30、40、50、100、200、500、1000' });
    const badResult = await call('/ms/logs/list', { token, json: { query: { result: 'maybe' } } });
    expect(badResult.status).toBe(400);
  });

  it('keeps the operation log append-only at the database', async () => {
    await expect(withDb((c) => c.query(`DELETE FROM sys_operation_log`))).rejects.toThrow(/append-only/);
    await expect(withDb((c) => c.query(`UPDATE sys_operation_log SET result = 'success'`))).rejects.toThrow(/append-only/);
  });
});
