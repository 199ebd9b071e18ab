import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the fake official account received. */
export interface WechatCalls {
  tokens: number;
  templates: { touser: string; template_id: string; url?: string; data: Record<string, { value: string }> }[];
  menus: unknown[];
  tags: { id: number; name: string; count: number }[];
}

export interface WechatServer {
  base: string;
  appId: string;
  secret: string;
  followers: string[];
  calls: WechatCalls;
  /** Calls with the current token answer 42001 (expired) until a new one is fetched, as when a token runs out early. */
  expireToken(): void;
  close(): Promise<void>;
}

function body(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text ? JSON.parse(text) : undefined));
    req.on('error', reject);
  });
}

/**
 * A local HTTP server speaking the documented shapes of WeChat's official-account API (no network beyond the
 * machine): `GET /cgi-bin/token?grant_type=client_credential&appid&secret` → `{access_token, expires_in}` or
 * `{errcode: 40125}`; `POST /cgi-bin/message/template/send?access_token` → `{errcode: 0, errmsg: 'ok', msgid}`;
 * `POST /cgi-bin/menu/create`; `GET /cgi-bin/tags/get`, `POST /cgi-bin/tags/create`; `GET /cgi-bin/user/get`. A
 * wrong or expired token answers `{errcode: 40001}` / `{errcode: 42001}`.
 */
export async function startWechatServer(): Promise<WechatServer> {
  const appId = 'wx-test-app';
  const secret = `wechat-secret-${Math.random().toString(36).slice(2)}`;
  const calls: WechatCalls = { tokens: 0, templates: [], menus: [], tags: [{ id: 2, name: '星标组', count: 0 }] };
  const followers = ['o-follower-teacher', 'o-follower-other'];
  let token = '';
  let expired = false;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const answer = (json: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (url.pathname === '/cgi-bin/token') {
        if (url.searchParams.get('grant_type') !== 'client_credential' || url.searchParams.get('appid') !== appId || url.searchParams.get('secret') !== secret) {
          return answer({ errcode: 40125, errmsg: 'invalid appsecret' });
        }
        calls.tokens++;
        token = `token-${calls.tokens}`;
        expired = false;
        return answer({ access_token: token, expires_in: 7200 });
      }
      const given = url.searchParams.get('access_token');
      if (!given || given !== token) return answer({ errcode: 40001, errmsg: 'invalid credential' });
      if (expired) return answer({ errcode: 42001, errmsg: 'access_token expired' });
      const json = (await body(req)) as Record<string, unknown> | undefined;
      switch (`${req.method} ${url.pathname}`) {
        case 'POST /cgi-bin/message/template/send':
          calls.templates.push(json as WechatCalls['templates'][number]);
          return answer({ errcode: 0, errmsg: 'ok', msgid: 200228332 + calls.templates.length });
        case 'POST /cgi-bin/menu/create':
          calls.menus.push(json);
          return answer({ errcode: 0, errmsg: 'ok' });
        case 'GET /cgi-bin/tags/get':
          return answer({ tags: calls.tags });
        case 'POST /cgi-bin/tags/create': {
          const tag = { id: 100 + calls.tags.length, name: String((json as { tag: { name: string } }).tag.name), count: 0 };
          calls.tags.push(tag);
          return answer({ tag: { id: tag.id, name: tag.name } });
        }
        case 'GET /cgi-bin/user/get':
          return answer({ total: followers.length, count: followers.length, data: { openid: followers }, next_openid: '' });
        default:
          res.writeHead(404);
          res.end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    appId,
    secret,
    followers,
    calls,
    expireToken: () => void (expired = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
