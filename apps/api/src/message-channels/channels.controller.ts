import { Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type ChannelStats,
  CHANNELS_PERMISSION,
  type ChannelsUpdate,
  channelsUpdateSchema,
  type ChannelsView,
  type DeliveryPage,
  type DeliveryQuery,
  deliveryQuerySchema,
  type Envelope,
  isUuid,
  type Language,
  MONITOR_PERMISSION,
  type MyChannels,
  type MyChannelsInput,
  myChannelsSchema,
  type StatsQuery,
  statsQuerySchema,
  type WechatMenu,
  wechatMenuSchema,
  type WechatTag,
  wechatTagSchema,
  type WechatUserPage,
  wechatUserMapSchema,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal, RequirePermissions } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { RetryDelivery } from './commands/retry-delivery/retry-delivery.handler.js';
import { SaveChannels } from './commands/save-channels/save-channels.handler.js';
import { SaveMyChannels } from './commands/save-my-channels/save-my-channels.handler.js';
import { WechatAccount } from './commands/wechat-account/wechat-account.handler.js';
import { ChannelsErrors } from './message-channels.errors.js';
import { ChannelStatsQuery } from './queries/channel-stats/channel-stats.query.js';
import { GetChannels } from './queries/get-channels/get-channels.query.js';
import { ListDeliveries } from './queries/list-deliveries/list-deliveries.query.js';
import { MyChannelsQuery } from './queries/my-channels/my-channels.query.js';
import { WechatAccountQuery } from './queries/wechat-account/wechat-account.query.js';

/**
 * Message channels (docs/product/messages.md#channels, DESIGN §12): the configuration for those holding
 * `message:channels`, monitoring and statistics for `message:monitor` (refusals logged by the guard), and every
 * signed-in user's own channels.
 */
@ApiTags('messages')
@Controller('api/messages')
export class ChannelsController {
  constructor(
    private readonly reading: GetChannels,
    private readonly saving: SaveChannels,
    private readonly mineQuery: MyChannelsQuery,
    private readonly savingMine: SaveMyChannels,
    private readonly listing: ListDeliveries,
    private readonly retrying: RetryDelivery,
    private readonly statsQuery: ChannelStatsQuery,
    private readonly wechat: WechatAccount,
    private readonly wechatQuery: WechatAccountQuery,
  ) {}

  @Get('channels')
  @RequirePermissions(CHANNELS_PERMISSION)
  @ApiOperation({ summary: 'The push configuration per type, SMTP and the WeChat account (secrets only as set or not)' })
  async channels(): Promise<Envelope<ChannelsView>> {
    return ok(await this.reading.execute());
  }

  @Put('channels')
  @RequirePermissions(CHANNELS_PERMISSION)
  @ApiOperation({ summary: 'Change the push configuration, SMTP or the WeChat account (a secret left out is kept)' })
  async save(@ValidBody(channelsUpdateSchema) body: ChannelsUpdate, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<ChannelsView>> {
    await this.saving.execute(body, me, client);
    return ok(await this.reading.execute(), translate(lang, 'channels.saved'));
  }

  @Get('channels/mine')
  @ApiOperation({ summary: "The caller's e-mail address, WeChat mapping and opt-outs per type" })
  async mine(@CurrentUser() me: Principal): Promise<Envelope<MyChannels>> {
    return ok(await this.mineQuery.execute(me));
  }

  @Put('channels/mine')
  @ApiOperation({ summary: "Set the caller's e-mail address and the channels that should not reach them per type" })
  async saveMine(@ValidBody(myChannelsSchema) body: MyChannelsInput, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<MyChannels>> {
    await this.savingMine.execute(body, me);
    return ok(await this.mineQuery.execute(me), translate(lang, 'channels.saved'));
  }

  @Post('channels/wechat/menu')
  @HttpCode(200)
  @RequirePermissions(CHANNELS_PERMISSION)
  @ApiOperation({ summary: "Save the official account's menu and create it on WeChat" })
  async menu(@ValidBody(wechatMenuSchema) menu: WechatMenu, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.wechat.publishMenu(menu, me, client);
    return ok(null, translate(lang, 'channels.menuPublished'));
  }

  @Get('channels/wechat/tags')
  @RequirePermissions(CHANNELS_PERMISSION)
  @ApiOperation({ summary: "The official account's tags, from WeChat" })
  async tags(): Promise<Envelope<WechatTag[]>> {
    return ok(await this.wechatQuery.tags());
  }

  @Post('channels/wechat/tags')
  @HttpCode(200)
  @RequirePermissions(CHANNELS_PERMISSION)
  @ApiOperation({ summary: 'Create a tag on the official account' })
  async createTag(@ValidBody(wechatTagSchema) body: z.infer<typeof wechatTagSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<WechatTag>> {
    return ok(await this.wechat.createTag(body.name, me, client), translate(lang, 'channels.tagCreated'));
  }

  @Get('channels/wechat/users')
  @RequirePermissions(CHANNELS_PERMISSION)
  @ApiOperation({ summary: "The official account's followers with the accounts they are mapped to" })
  async users(): Promise<Envelope<WechatUserPage>> {
    return ok(await this.wechatQuery.users());
  }

  @Put('channels/wechat/users')
  @RequirePermissions(CHANNELS_PERMISSION)
  @ApiOperation({ summary: "Map a follower to an account ('' account: remove the mapping)" })
  async mapUser(@ValidBody(wechatUserMapSchema) body: z.infer<typeof wechatUserMapSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.wechat.mapUser(body.openid, body.account, me, client);
    return ok(null, translate(lang, body.account ? 'channels.mapped' : 'channels.unmapped'));
  }

  @Get('deliveries')
  @RequirePermissions(MONITOR_PERMISSION)
  @ApiOperation({ summary: '消息监控: deliveries by channel and state, each with its attempts' })
  async deliveries(@ValidQuery(deliveryQuerySchema) q: DeliveryQuery, @Lang() lang: Language): Promise<Envelope<DeliveryPage>> {
    return ok(await this.listing.execute(q, lang));
  }

  @Post('deliveries/:id/retry')
  @HttpCode(200)
  @RequirePermissions(MONITOR_PERMISSION)
  @ApiOperation({ summary: 'Try a failed delivery again (with the configured number of tries)' })
  async retry(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    if (!isUuid(id)) throw ChannelsErrors.deliveryNotFound();
    await this.retrying.execute(id, me, client);
    return ok(null, translate(lang, 'channels.retried'));
  }

  @Get('stats')
  @RequirePermissions(MONITOR_PERMISSION)
  @ApiOperation({ summary: '统计分析: messages sent and read and deliveries failed, per school day and type' })
  async stats(@ValidQuery(statsQuerySchema) q: StatsQuery): Promise<Envelope<ChannelStats>> {
    return ok(await this.statsQuery.execute(q));
  }
}
