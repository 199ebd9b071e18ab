import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { SystemModule } from '../system/system.module.js';
import { ChannelsController } from './channels.controller.js';
import { DeliverMessage } from './commands/deliver/deliver-message.handler.js';
import { DeliveryRunner } from './commands/deliver/delivery-runner.js';
import { RetryDelivery } from './commands/retry-delivery/retry-delivery.handler.js';
import { SaveChannels } from './commands/save-channels/save-channels.handler.js';
import { SaveMyChannels } from './commands/save-my-channels/save-my-channels.handler.js';
import { WechatAccount } from './commands/wechat-account/wechat-account.handler.js';
import { ChannelSettingsRepository } from './domain/channel-settings.repository.js';
import { DeliveriesRepository } from './domain/deliveries.repository.js';
import { EmailSender } from './domain/email-sender.js';
import { WechatClient } from './domain/wechat-client.js';
import { ChannelStatsQuery } from './queries/channel-stats/channel-stats.query.js';
import { GetChannels } from './queries/get-channels/get-channels.query.js';
import { ListDeliveries } from './queries/list-deliveries/list-deliveries.query.js';
import { MyChannelsQuery } from './queries/my-channels/my-channels.query.js';
import { WechatAccountQuery } from './queries/wechat-account/wechat-account.query.js';

/**
 * Message channels (issue 26 part 2, docs/product/messages.md#channels, docs/adr/0041): beyond the bell, e-mail and
 * WeChat template messages per message type and per user, delivered as jobs whose tries are recorded; monitoring,
 * retry and statistics. Deliveries are planned by the outbox with their messages (messaging/domain/outbox.ts).
 */
@Module({
  imports: [SystemModule],
  controllers: [ChannelsController],
  providers: [
    AdminAudit,
    ChannelSettingsRepository,
    DeliveriesRepository,
    EmailSender,
    WechatClient,
    DeliverMessage,
    DeliveryRunner,
    SaveChannels,
    SaveMyChannels,
    RetryDelivery,
    WechatAccount,
    GetChannels,
    MyChannelsQuery,
    ListDeliveries,
    ChannelStatsQuery,
    WechatAccountQuery,
  ],
})
export class MessageChannelsModule {}
