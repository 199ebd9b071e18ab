import { Inject, Injectable } from '@nestjs/common';
import type { WechatTag, WechatUserPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { ChannelSettingsRepository } from '../../domain/channel-settings.repository.js';
import { WechatClient } from '../../domain/wechat-client.js';
import { WechatAccount } from '../../commands/wechat-account/wechat-account.handler.js';

/** The official account as WeChat has it: its tags, and its followers with the accounts they are mapped to. */
@Injectable()
export class WechatAccountQuery {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ChannelSettingsRepository,
    private readonly wechat: WechatClient,
    private readonly account: WechatAccount,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async tags(): Promise<WechatTag[]> {
    const account = await this.account.account();
    return this.account.asked(() => this.wechat.tags(account, this.config.channelSendTimeoutMs));
  }

  /** The first page of followers WeChat answers (up to 10,000), each with its mapped account. */
  async users(): Promise<WechatUserPage> {
    const account = await this.account.account();
    const page = await this.account.asked(() => this.wechat.followers(account, '', this.config.channelSendTimeoutMs));
    const mapped = await this.settings.accountsOfOpenids(this.db, page.openids);
    return { total: page.total, list: page.openids.map((openid) => ({ openid, account: mapped.get(openid)?.account ?? null, name: mapped.get(openid)?.name ?? null })) };
  }
}
