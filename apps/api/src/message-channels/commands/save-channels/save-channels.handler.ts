import { Injectable } from '@nestjs/common';
import type { ChannelsUpdate } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { ChannelSettingsRepository, type WechatSettings } from '../../domain/channel-settings.repository.js';
import { WechatClient } from '../../domain/wechat-client.js';
import { ChannelsErrors } from '../../message-channels.errors.js';

/**
 * Saves what the administrator changed of the channels (推送配置, 邮件配置, weChat config) in one transaction, and logs
 * which parts changed — never the secrets themselves, only that a new one was given.
 */
@Injectable()
export class SaveChannels {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ChannelSettingsRepository,
    private readonly wechat: WechatClient,
    private readonly audit: AdminAudit,
  ) {}

  async execute(body: ChannelsUpdate, me: Principal, client: ClientInfo): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (body.push) {
        const known = new Set(await this.settings.messageTypes(tx));
        if (body.push.some((p) => !known.has(p.type))) throw ChannelsErrors.typeUnknown();
        await this.settings.savePush(tx, body.push);
      }
      if (body.smtp) {
        const { password, enabled, ...smtp } = body.smtp;
        await this.settings.save(tx, 'email', enabled, smtp, password === undefined || password === '' ? undefined : password);
      }
      if (body.wechat) {
        const { appSecret, enabled, menu, ...wechat } = body.wechat;
        const stored = await this.settings.setting<WechatSettings>(tx, 'wechat');
        await this.settings.save(tx, 'wechat', enabled, { ...wechat, menu: menu ?? stored.settings.menu ?? [] }, appSecret === undefined || appSecret === '' ? undefined : appSecret);
      }
    });
    if (body.wechat) this.wechat.forget();
    await this.audit.record(me, client, 'message.channels.save', null, {
      push: body.push?.map((p) => `${p.type}:${p.channels.join('+') || '-'}`),
      smtp: body.smtp ? { host: body.smtp.host, port: body.smtp.port, enabled: body.smtp.enabled, newPassword: Boolean(body.smtp.password) } : undefined,
      wechat: body.wechat ? { appId: body.wechat.appId, apiBase: body.wechat.apiBase, enabled: body.wechat.enabled, newSecret: Boolean(body.wechat.appSecret) } : undefined,
    });
  }
}
