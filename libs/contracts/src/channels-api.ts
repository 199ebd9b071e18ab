import { z } from 'zod';

/**
 * Message channels (docs/product/messages.md#channels, DESIGN §12): every message reaches the bell; the push
 * configuration sends a message type further, by e-mail (SMTP) and WeChat template messages, delivered as jobs
 * whose attempts are recorded (monitoring) and counted (statistics). Users choose per type which channels reach them.
 */
export const CHANNELS = ['email', 'wechat'] as const;
export type Channel = (typeof CHANNELS)[number];
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Permissions: configuring the channels (推送配置, 邮件配置, weChat) and watching them (消息监控, 统计分析). */
export const CHANNELS_PERMISSION = 'message:channels';
export const MONITOR_PERMISSION = 'message:monitor';

/** The pages under the spec's stems (docs/product/messages.md#channels), each a menu of 消息中心 or 微信公众号. */
export const CHANNEL_PAGES = [
  { url: '/messageCenter/tspz', key: 'push', sort: 20, icon: 'paper plane outline', permission: CHANNELS_PERMISSION },
  { url: '/messageCenter/yjpz', key: 'email', sort: 21, icon: 'mail outline', permission: CHANNELS_PERMISSION },
  { url: '/messageCenter/xxjk', key: 'monitor', sort: 22, icon: 'heartbeat', permission: MONITOR_PERMISSION },
  { url: '/messageCenter/tjfx', key: 'stats', sort: 23, icon: 'chart bar outline', permission: MONITOR_PERMISSION },
  // not a stem of the spec (its stems are the school's pages): each user's own channels (docs/adr/0041-message-channels.md#pages)
  { url: '/messageCenter/tdsz', key: 'mine', sort: 24, icon: 'sliders horizontal', permission: 'message:view' },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string }[];
export const WECHAT_PAGES = [
  { url: '/weChat/config', key: 'config', sort: 1, icon: 'wechat', permission: CHANNELS_PERMISSION },
  { url: '/weChat/menu', key: 'menu', sort: 2, icon: 'bars', permission: CHANNELS_PERMISSION },
  { url: '/weChat/tags', key: 'tags', sort: 3, icon: 'tags', permission: CHANNELS_PERMISSION },
  { url: '/weChat/user', key: 'user', sort: 4, icon: 'users', permission: CHANNELS_PERMISSION },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string }[];
export type ChannelPageKey = (typeof CHANNEL_PAGES)[number]['key'];
export type WechatPageKey = (typeof WECHAT_PAGES)[number]['key'];

const BASE = '/api/messages';
export const channelsPath = {
  /** `GET` → `ChannelsView` (secrets never answered, only whether set); `PUT` with `channelsUpdateSchema`. */
  channels: `${BASE}/channels`,
  /** `GET` → `MyChannels`; `PUT` with `myChannelsSchema`: the caller's own addresses and opt-outs. */
  mine: `${BASE}/channels/mine`,
  /** `POST` → the WeChat menu saved in the configuration, created on the official account. */
  wechatMenu: `${BASE}/channels/wechat/menu`,
  /** `GET` → `WechatTag[]` from the official account; `POST` with `wechatTagSchema` creates one. */
  wechatTags: `${BASE}/channels/wechat/tags`,
  /** `GET` → `WechatUserPage` (followers and their accounts); `PUT` with `wechatUserMapSchema` maps one. */
  wechatUsers: `${BASE}/channels/wechat/users`,
  /** `GET` with `deliveryQuerySchema` → `DeliveryPage`. */
  deliveries: `${BASE}/deliveries`,
  /** `POST` → a failed delivery tried again. */
  retry: (id: string): string => `${BASE}/deliveries/${id}/retry`,
  /** `GET` with `statsQuerySchema` → `ChannelStats`. */
  stats: `${BASE}/stats`,
};

const text = (max: number) => z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.tooLong');
const typeCode = z.string({ error: 'validation.invalid' }).trim().min(1, 'validation.invalid').max(10, 'validation.invalid');
const channel = z.enum(CHANNELS, { error: 'validation.invalid' });
const httpUrl = z
  .string({ error: 'validation.urlInvalid' })
  .trim()
  .max(300, 'validation.tooLong')
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'validation.urlInvalid');

export const pushConfigSchema = z.array(z.object({ type: typeCode, channels: z.array(channel).max(CHANNELS.length, 'validation.invalid') })).max(100, 'validation.tooLong');

/** SMTP (邮件配置). `password` absent: the stored one is kept; '' clears it. */
export const smtpSettingsSchema = z.object({
  enabled: z.boolean({ error: 'validation.invalid' }),
  host: text(200),
  port: z.coerce.number({ error: 'validation.numberInvalid' }).int('validation.numberInvalid').min(1, 'validation.numberInvalid').max(65535, 'validation.numberInvalid'),
  secure: z.boolean({ error: 'validation.invalid' }),
  user: text(200),
  password: z.string({ error: 'validation.invalid' }).max(200, 'validation.tooLong').optional(),
  from: z.string({ error: 'validation.emailInvalid' }).trim().email('validation.emailInvalid'),
});

const menuButton = z.object({
  name: text(16).min(1, 'validation.invalid'),
  type: z.enum(['view', 'click'], { error: 'validation.invalid' }).optional(),
  url: httpUrl.optional(),
  key: text(64).optional(),
});
/** The official account's menu (WeChat's shape: at most 3 buttons, each with at most 5 sub-buttons). */
export const wechatMenuSchema = z.array(menuButton.extend({ sub: z.array(menuButton).max(5, 'validation.tooLong').optional() })).max(3, 'validation.tooLong');
export type WechatMenu = z.infer<typeof wechatMenuSchema>;

/** The official account (weChat config). `appSecret` absent: the stored one is kept. `apiBase`: WeChat's API (a test's server). */
export const wechatSettingsSchema = z.object({
  enabled: z.boolean({ error: 'validation.invalid' }),
  appId: text(64),
  appSecret: z.string({ error: 'validation.invalid' }).max(200, 'validation.tooLong').optional(),
  apiBase: httpUrl,
  templateId: text(128),
  menu: wechatMenuSchema.optional(),
});

export const channelsUpdateSchema = z.object({
  push: pushConfigSchema.optional(),
  smtp: smtpSettingsSchema.optional(),
  wechat: wechatSettingsSchema.optional(),
});
export type ChannelsUpdate = z.infer<typeof channelsUpdateSchema>;

export interface ChannelsView {
  /** Every type of STD_MESSAGE_TYPE with its further channels. */
  push: { type: string; channels: Channel[] }[];
  smtp: Omit<z.infer<typeof smtpSettingsSchema>, 'password'> & { hasPassword: boolean };
  wechat: Omit<z.infer<typeof wechatSettingsSchema>, 'appSecret' | 'menu'> & { hasSecret: boolean; menu: WechatMenu };
}

/** The caller's own choice: their e-mail address ('' none) and per type the channels that should NOT reach them. */
export const myChannelsSchema = z.object({
  email: z.union([z.literal(''), z.string().trim().email('validation.emailInvalid').max(200, 'validation.tooLong')], { error: 'validation.emailInvalid' }),
  optOut: z.array(z.object({ type: typeCode, channel })).max(200, 'validation.tooLong'),
});
export type MyChannelsInput = z.infer<typeof myChannelsSchema>;
export interface MyChannels extends MyChannelsInput {
  /** Whether the caller's WeChat is mapped (by the account's administrator). */
  wechatBound: boolean;
  /** Per type, the channels the school sends it to (what the caller may opt out of). */
  push: { type: string; channels: Channel[] }[];
}

export const wechatTagSchema = z.object({ name: text(30).min(1, 'validation.invalid') });
export interface WechatTag {
  id: number;
  name: string;
  count: number;
}
/** Maps a follower to a SchoolFlow account ('' account: the mapping removed). */
export const wechatUserMapSchema = z.object({ openid: text(64).min(1, 'validation.invalid'), account: text(64) });
export interface WechatUserRow {
  openid: string;
  account: string | null;
  name: string | null;
}
export interface WechatUserPage {
  total: number;
  list: WechatUserRow[];
}

export const deliveryQuerySchema = z.object({
  channel: z.union([z.literal(''), channel]).optional(),
  state: z.union([z.literal(''), z.enum(DELIVERY_STATES, { error: 'validation.invalid' })]).optional(),
  current: z.coerce.number().int('validation.pageInvalid').min(1, 'validation.pageInvalid').default(1),
  size: z.coerce.number().int('validation.pageSizeInvalid').min(1, 'validation.pageSizeInvalid').max(100, 'validation.pageSizeInvalid').default(20),
});
export type DeliveryQuery = z.infer<typeof deliveryQuerySchema>;
export interface DeliveryAttempt {
  attempt: number;
  ok: boolean;
  error: string | null;
  durationMs: number;
  at: string;
}
export interface DeliveryRow {
  id: string;
  channel: Channel;
  state: DeliveryState;
  type: string;
  title: string;
  recipient: string;
  address: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  history: DeliveryAttempt[];
}
export interface DeliveryPage {
  total: number;
  list: DeliveryRow[];
}

const day = z.string({ error: 'validation.dateInvalid' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.dateInvalid');
/** A period of at most a year, both days included (school days in the school's time zone). */
export const statsQuerySchema = z.object({ from: day, to: day }).refine((q) => q.from <= q.to, { message: 'validation.dateInvalid', path: ['to'] });
export type StatsQuery = z.infer<typeof statsQuerySchema>;
export interface ChannelStatsRow {
  day: string;
  type: string;
  /** Messages of the type that day (each reached the bell). */
  sent: number;
  /** Of those, read. */
  read: number;
  /** Deliveries of those on a further channel given up (failed). */
  failed: number;
}
export interface ChannelStats {
  days: string[];
  rows: ChannelStatsRow[];
}
