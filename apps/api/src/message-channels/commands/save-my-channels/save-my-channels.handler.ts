import { Injectable } from '@nestjs/common';
import type { MyChannelsInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { ChannelSettingsRepository } from '../../domain/channel-settings.repository.js';
import { ChannelsErrors } from '../../message-channels.errors.js';

/** The caller's own e-mail address and the channels they do not want per type; only ever their own. */
@Injectable()
export class SaveMyChannels {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ChannelSettingsRepository,
  ) {}

  async execute(body: MyChannelsInput, me: Principal): Promise<void> {
    await this.db.transaction(async (tx) => {
      const known = new Set(await this.settings.messageTypes(tx));
      if (body.optOut.some((o) => !known.has(o.type))) throw ChannelsErrors.typeUnknown();
      await this.settings.setAddress(tx, me.userId, 'email', body.email);
      await this.settings.saveOptOuts(tx, me.userId, body.optOut);
    });
  }
}
