import { Injectable } from '@nestjs/common';
import type { MyChannels } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { ChannelSettingsRepository } from '../../domain/channel-settings.repository.js';

/** The caller's channels: their e-mail address, whether their WeChat is mapped, their opt-outs, and what the school sends per type. */
@Injectable()
export class MyChannelsQuery {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ChannelSettingsRepository,
  ) {}

  async execute(me: Principal): Promise<MyChannels> {
    const [addresses, optOut, push] = await Promise.all([this.settings.addresses(this.db, me.userId), this.settings.optOuts(this.db, me.userId), this.settings.push(this.db)]);
    return { email: addresses.email ?? '', wechatBound: Boolean(addresses.wechat), optOut, push };
  }
}
