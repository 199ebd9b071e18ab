import { Injectable } from '@nestjs/common';
import type { ChannelSetting, WechatSettings } from './channel-settings.repository.js';

/** WeChat answered with an errcode other than 0 (its errmsg names what it refused). */
export class WechatError extends Error {
  constructor(
    readonly errcode: number,
    errmsg: string,
  ) {
    super(`wechat ${errcode}: ${errmsg}`);
  }
}

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
}

/** errcodes of a token WeChat no longer takes (invalid, expired): fetched again, and the call made once more. */
const TOKEN_ERRORS = new Set([40001, 40014, 42001]);
/** A token is used until this long before WeChat says it expires. */
const TOKEN_MARGIN_MS = 5 * 60_000;

/**
 * The official account's API (docs/adr/0041-message-channels.md#wechat), at the configured base address (WeChat's
 * `https://api.weixin.qq.com`, or a test's server speaking its documented shapes): the access token from
 * `/cgi-bin/token`, kept per process until shortly before it expires, and the calls made with it. The appsecret is in
 * the token request's query (WeChat's shape): that address is never logged, and errors name only WeChat's errcode.
 */
@Injectable()
export class WechatClient {
  private readonly tokens = new Map<string, { token: string; until: number }>();

  /** Sends a template message; answers WeChat's msgid. */
  async sendTemplate(config: ChannelSetting<WechatSettings>, body: { touser: string; url?: string; data: Record<string, { value: string }> }, timeoutMs: number): Promise<string> {
    const answer = await this.call<{ msgid?: number | string }>(config, 'POST', '/cgi-bin/message/template/send', { ...body, template_id: config.settings.templateId }, timeoutMs);
    return String(answer.msgid ?? '');
  }

  async createMenu(config: ChannelSetting<WechatSettings>, button: unknown[], timeoutMs: number): Promise<void> {
    await this.call(config, 'POST', '/cgi-bin/menu/create', { button }, timeoutMs);
  }

  async tags(config: ChannelSetting<WechatSettings>, timeoutMs: number): Promise<{ id: number; name: string; count: number }[]> {
    return (await this.call<{ tags?: { id: number; name: string; count: number }[] }>(config, 'GET', '/cgi-bin/tags/get', undefined, timeoutMs)).tags ?? [];
  }

  async createTag(config: ChannelSetting<WechatSettings>, name: string, timeoutMs: number): Promise<{ id: number; name: string }> {
    const answer = await this.call<{ tag?: { id: number; name: string } }>(config, 'POST', '/cgi-bin/tags/create', { tag: { name } }, timeoutMs);
    return answer.tag ?? { id: 0, name };
  }

  /** The followers' openids, a page of WeChat's (10,000 at most) after `next`. */
  async followers(config: ChannelSetting<WechatSettings>, next: string, timeoutMs: number): Promise<{ total: number; openids: string[]; next: string }> {
    const answer = await this.call<{ total?: number; data?: { openid?: string[] }; next_openid?: string }>(config, 'GET', '/cgi-bin/user/get', undefined, timeoutMs, next ? { next_openid: next } : {});
    return { total: answer.total ?? 0, openids: answer.data?.openid ?? [], next: answer.next_openid ?? '' };
  }

  private async call<T>(config: ChannelSetting<WechatSettings>, method: 'GET' | 'POST', path: string, body: unknown, timeoutMs: number, query: Record<string, string> = {}): Promise<T & WechatAnswer> {
    for (let round = 1; ; round++) {
      const token = await this.token(config, timeoutMs, round > 1);
      const url = new URL(`${base(config)}${path}`);
      url.search = new URLSearchParams({ access_token: token, ...query }).toString();
      const res = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`wechat answered HTTP ${res.status} to ${path}`);
      const answer = (await res.json()) as T & WechatAnswer;
      if (answer.errcode && TOKEN_ERRORS.has(answer.errcode) && round === 1) continue;
      if (answer.errcode) throw new WechatError(answer.errcode, answer.errmsg ?? '');
      return answer;
    }
  }

  /** The access token: the cached one unless `fresh`, or WeChat's `/cgi-bin/token` asked. */
  private async token(config: ChannelSetting<WechatSettings>, timeoutMs: number, fresh: boolean): Promise<string> {
    const key = `${base(config)}|${config.settings.appId ?? ''}`;
    const cached = this.tokens.get(key);
    if (cached && !fresh && cached.until > Date.now()) return cached.token;
    const url = new URL(`${base(config)}/cgi-bin/token`);
    url.search = new URLSearchParams({ grant_type: 'client_credential', appid: config.settings.appId ?? '', secret: config.secret }).toString();
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new Error(`wechat answered HTTP ${res.status} to /cgi-bin/token`);
    const answer = (await res.json()) as { access_token?: string; expires_in?: number } & WechatAnswer;
    if (answer.errcode || !answer.access_token) throw new WechatError(answer.errcode ?? -1, answer.errmsg ?? 'no access_token');
    this.tokens.set(key, { token: answer.access_token, until: Date.now() + (answer.expires_in ?? 7200) * 1000 - TOKEN_MARGIN_MS });
    return answer.access_token;
  }

  /** A changed appid or secret takes a new token. */
  forget(): void {
    this.tokens.clear();
  }
}

function base(config: ChannelSetting<WechatSettings>): string {
  return (config.settings.apiBase ?? '').replace(/\/+$/, '');
}
