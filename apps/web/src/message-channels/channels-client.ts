import {
  type ChannelStats,
  type ChannelsUpdate,
  type ChannelsView,
  channelsPath,
  type DeliveryPage,
  type MyChannels,
  type MyChannelsInput,
  type WechatMenu,
  type WechatTag,
  type WechatUserPage,
} from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** The monitoring list's filters and page (`deliveryQuerySchema`); '' is no filter. */
export interface DeliveryParams {
  channel: string;
  state: string;
  current: number;
  size: number;
}

/**
 * Query keys. Configuration, monitoring and statistics each sit under `channels`; a retry invalidates monitoring and
 * statistics together (a failure retried is no longer counted failed once it is sent).
 */
export const channelsKeys = {
  all: ['channels'] as const,
  config: ['channels', 'config'] as const,
  mine: ['channels', 'mine'] as const,
  deliveries: ['channels', 'deliveries'] as const,
  deliveryPage: (p: DeliveryParams, lang: string) => ['channels', 'deliveries', p.channel, p.state, p.current, p.size, lang] as const,
  stats: (from: string, to: string) => ['channels', 'stats', from, to] as const,
  wechatTags: ['channels', 'wechat', 'tags'] as const,
  wechatUsers: ['channels', 'wechat', 'users'] as const,
};

const enc = encodeURIComponent;

/** The channels' calls (`channelsPath` of the contracts); each write answers the server's message. */
export const channelsClient = {
  config: (signal?: AbortSignal) => requestData<ChannelsView>(channelsPath.channels, { signal }),
  async save(body: ChannelsUpdate): Promise<string> {
    return (await request<ChannelsView>(channelsPath.channels, { method: 'PUT', json: body })).msg;
  },
  mine: (signal?: AbortSignal) => requestData<MyChannels>(channelsPath.mine, { signal }),
  async saveMine(body: MyChannelsInput): Promise<string> {
    return (await request<MyChannels>(channelsPath.mine, { method: 'PUT', json: body })).msg;
  },
  deliveries: (p: DeliveryParams, signal?: AbortSignal) =>
    requestData<DeliveryPage>(channelsPath.deliveries, { query: { channel: p.channel, state: p.state, current: p.current, size: p.size }, signal }).then((page) => page ?? { total: 0, list: [] }),
  async retry(id: string): Promise<string> {
    return (await request<null>(channelsPath.retry(enc(id)), { method: 'POST', json: {} })).msg;
  },
  stats: (from: string, to: string, signal?: AbortSignal) => requestData<ChannelStats>(channelsPath.stats, { query: { from, to }, signal }),
  async publishMenu(menu: WechatMenu): Promise<string> {
    return (await request<null>(channelsPath.wechatMenu, { method: 'POST', json: menu })).msg;
  },
  wechatTags: (signal?: AbortSignal) => requestData<WechatTag[]>(channelsPath.wechatTags, { signal }).then((l) => (Array.isArray(l) ? l : [])),
  async createTag(name: string): Promise<string> {
    return (await request<WechatTag>(channelsPath.wechatTags, { method: 'POST', json: { name } })).msg;
  },
  wechatUsers: (signal?: AbortSignal) => requestData<WechatUserPage>(channelsPath.wechatUsers, { signal }),
  async mapUser(openid: string, account: string): Promise<string> {
    return (await request<null>(channelsPath.wechatUsers, { method: 'PUT', json: { openid, account } })).msg;
  },
};
