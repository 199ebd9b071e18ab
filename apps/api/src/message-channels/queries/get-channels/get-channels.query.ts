import { Injectable } from '@nestjs/common';
import type { ChannelsView, WechatMenu } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { ChannelSettingsRepository, type SmtpSettings, type WechatSettings } from '../../domain/channel-settings.repository.js';

/** The channels as the configuration pages show them: the secrets only as "set" or not. */
@Injectable()
export class GetChannels {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ChannelSettingsRepository,
  ) {}

  async execute(): Promise<ChannelsView> {
    const [push, smtp, wechat] = await Promise.all([this.settings.push(this.db), this.settings.setting<SmtpSettings>(this.db, 'email'), this.settings.setting<WechatSettings>(this.db, 'wechat')]);
    return {
      push,
      smtp: {
        enabled: smtp.enabled,
        host: smtp.settings.host ?? '',
        port: smtp.settings.port ?? 25,
        secure: smtp.settings.secure ?? false,
        user: smtp.settings.user ?? '',
        from: smtp.settings.from ?? '',
        hasPassword: smtp.secret !== '',
      },
      wechat: {
        enabled: wechat.enabled,
        appId: wechat.settings.appId ?? '',
        apiBase: wechat.settings.apiBase ?? 'https://api.weixin.qq.com',
        templateId: wechat.settings.templateId ?? '',
        menu: (wechat.settings.menu ?? []) as WechatMenu,
        hasSecret: wechat.secret !== '',
      },
    };
  }
}
