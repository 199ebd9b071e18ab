import { Inject, Injectable } from '@nestjs/common';
import type { WechatMenu, WechatTag } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AdminAudit, isUniqueViolation } from '../../../admin/shared/admin-support.js';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { type ChannelSetting, ChannelSettingsRepository, type WechatSettings } from '../../domain/channel-settings.repository.js';
import { WechatClient, WechatError } from '../../domain/wechat-client.js';
import { ChannelsErrors } from '../../message-channels.errors.js';

/** WeChat's menu button from the saved one: `view` with a url, `click` with a key, or a group of sub-buttons. */
function wechatButton(b: WechatMenu[number]): Record<string, unknown> {
  if (b.sub && b.sub.length > 0) return { name: b.name, sub_button: b.sub.map(wechatButton) };
  return b.url ? { type: 'view', name: b.name, url: b.url } : { type: 'click', name: b.name, key: b.key || b.name };
}

/**
 * The official account's administration (weChat menu, tags, user): the menu saved and created on WeChat, a tag
 * created, a follower mapped to an account (the openid template messages go to). Each change in the operation log.
 */
@Injectable()
export class WechatAccount {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ChannelSettingsRepository,
    private readonly wechat: WechatClient,
    private readonly audit: AdminAudit,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The account's settings, refused when it is not configured and enabled. */
  async account(): Promise<ChannelSetting<WechatSettings>> {
    const s = await this.settings.setting<WechatSettings>(this.db, 'wechat');
    if (!s.enabled || !s.settings.apiBase || !s.settings.appId || !s.secret) throw ChannelsErrors.wechatNotConfigured();
    return s;
  }

  /** Runs a WeChat call; its errcode or silence becomes the refusal that names it. */
  async asked<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof WechatError) throw ChannelsErrors.wechatRefused(err.message);
      throw ChannelsErrors.wechatUnreachable();
    }
  }

  async publishMenu(menu: WechatMenu, me: Principal, client: ClientInfo): Promise<void> {
    const account = await this.account();
    await this.asked(() => this.wechat.createMenu(account, menu.map(wechatButton), this.config.channelSendTimeoutMs));
    await this.settings.saveMenu(this.db, menu);
    await this.audit.record(me, client, 'wechat.menu.publish', null, { buttons: menu.map((b) => b.name) });
  }

  async createTag(name: string, me: Principal, client: ClientInfo): Promise<WechatTag> {
    const account = await this.account();
    const tag = await this.asked(() => this.wechat.createTag(account, name, this.config.channelSendTimeoutMs));
    await this.audit.record(me, client, 'wechat.tag.create', String(tag.id), { name });
    return { ...tag, count: 0 };
  }

  /** Maps a follower to an account ('' account: unmapped); an openid reaches one account. */
  async mapUser(openid: string, account: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.settings.unmapOpenid(tx, openid);
      if (!account) return;
      const user = await this.settings.userOfAccount(tx, account);
      if (!user) throw ChannelsErrors.accountUnknown();
      try {
        await this.settings.setAddress(tx, user.id, 'wechat', openid);
      } catch (err) {
        if (isUniqueViolation(err)) throw ChannelsErrors.openidTaken();
        throw err;
      }
    });
    await this.audit.record(me, client, account ? 'wechat.user.map' : 'wechat.user.unmap', openid, { account });
  }
}
