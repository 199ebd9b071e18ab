import { Injectable } from '@nestjs/common';
import type { Channel } from '@schoolflow/contracts';
import { type Db, rows } from '../../infrastructure/database/query-rows.js';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  from: string;
}
export interface WechatSettings {
  appId: string;
  apiBase: string;
  templateId: string;
  menu: unknown[];
}
/** A channel's settings as the senders read them: with the secret, which leaves the server only towards the channel. */
export interface ChannelSetting<S> {
  enabled: boolean;
  settings: Partial<S>;
  secret: string;
}

/** The channels' settings, the push configuration, and the users' addresses and opt-outs (SQL of message channels). */
@Injectable()
export class ChannelSettingsRepository {
  async setting<S>(db: Db, channel: Channel): Promise<ChannelSetting<S>> {
    const [row] = await rows<{ enabled: boolean; settings: Partial<S>; secret: string }>(db, `SELECT enabled, settings, secret FROM msg_channel_setting WHERE channel = $1`, [channel]);
    return row ?? { enabled: false, settings: {}, secret: '' };
  }

  /** Whether a secret is set — what the pages see of it. */
  async hasSecret(db: Db, channel: Channel): Promise<boolean> {
    const [row] = await rows<{ set: boolean }>(db, `SELECT secret <> '' AS set FROM msg_channel_setting WHERE channel = $1`, [channel]);
    return row?.set ?? false;
  }

  /** Saves a channel's settings; `secret` undefined keeps the stored one. */
  async save(db: Db, channel: Channel, enabled: boolean, settings: object, secret: string | undefined): Promise<void> {
    await db.query(
      `INSERT INTO msg_channel_setting (channel, enabled, settings, secret) VALUES ($1, $2, $3::jsonb, coalesce($4, ''))
       ON CONFLICT (channel) DO UPDATE SET enabled = $2, settings = $3::jsonb, secret = coalesce($4, msg_channel_setting.secret), updated_at = now()`,
      [channel, enabled, JSON.stringify(settings), secret ?? null],
    );
  }

  async saveMenu(db: Db, menu: unknown[]): Promise<void> {
    await db.query(`UPDATE msg_channel_setting SET settings = settings || jsonb_build_object('menu', $1::jsonb), updated_at = now() WHERE channel = 'wechat'`, [JSON.stringify(menu)]);
  }

  /** The STD_MESSAGE_TYPE codes, in the dictionary's order. */
  async messageTypes(db: Db): Promise<string[]> {
    return (await rows<{ code: string }>(db, `SELECT code FROM sys_dict WHERE dict_type = 'STD_MESSAGE_TYPE' ORDER BY sort, code`)).map((r) => r.code);
  }

  /** Every message type with its further channels. */
  async push(db: Db): Promise<{ type: string; channels: Channel[] }[]> {
    return rows(
      db,
      `SELECT d.code AS type, coalesce(array_agg(pc.channel ORDER BY pc.channel) FILTER (WHERE pc.channel IS NOT NULL), '{}') AS channels
         FROM sys_dict d LEFT JOIN msg_push_config pc ON pc.message_type = d.code
        WHERE d.dict_type = 'STD_MESSAGE_TYPE' GROUP BY d.code, d.sort ORDER BY d.sort, d.code`,
    );
  }

  /** Replaces the push configuration of the types given (others keep theirs). */
  async savePush(db: Db, push: { type: string; channels: Channel[] }[]): Promise<void> {
    await db.query(`DELETE FROM msg_push_config WHERE message_type = ANY($1::text[])`, [push.map((p) => p.type)]);
    await db.query(
      `INSERT INTO msg_push_config (message_type, channel) SELECT t, c FROM jsonb_to_recordset($1::jsonb) AS x(t text, c text) ON CONFLICT DO NOTHING`,
      [JSON.stringify(push.flatMap((p) => p.channels.map((c) => ({ t: p.type, c }))))],
    );
  }

  async addresses(db: Db, userId: string): Promise<Partial<Record<Channel, string>>> {
    const list = await rows<{ channel: Channel; address: string }>(db, `SELECT channel, address FROM msg_channel_address WHERE user_id = $1`, [userId]);
    return Object.fromEntries(list.map((r) => [r.channel, r.address]));
  }

  /** Sets (or with '' removes) the user's address on a channel. */
  async setAddress(db: Db, userId: string, channel: Channel, address: string): Promise<void> {
    if (!address) {
      await db.query(`DELETE FROM msg_channel_address WHERE user_id = $1 AND channel = $2`, [userId, channel]);
      return;
    }
    await db.query(
      `INSERT INTO msg_channel_address (user_id, channel, address) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, channel) DO UPDATE SET address = $3, updated_at = now()`,
      [userId, channel, address],
    );
  }

  async optOuts(db: Db, userId: string): Promise<{ type: string; channel: Channel }[]> {
    return rows(db, `SELECT message_type AS type, channel FROM msg_channel_optout WHERE user_id = $1 ORDER BY message_type, channel`, [userId]);
  }

  async saveOptOuts(db: Db, userId: string, optOut: { type: string; channel: Channel }[]): Promise<void> {
    await db.query(`DELETE FROM msg_channel_optout WHERE user_id = $1`, [userId]);
    await db.query(
      `INSERT INTO msg_channel_optout (user_id, message_type, channel) SELECT $1, t, c FROM jsonb_to_recordset($2::jsonb) AS x(t text, c text) ON CONFLICT DO NOTHING`,
      [userId, JSON.stringify(optOut.map((o) => ({ t: o.type, c: o.channel })))],
    );
  }

  async userOfAccount(db: Db, account: string): Promise<{ id: string } | undefined> {
    return (await rows<{ id: string }>(db, `SELECT id FROM sys_user WHERE account = $1`, [account]))[0];
  }

  /** The accounts the given openids are mapped to. */
  async accountsOfOpenids(db: Db, openids: string[]): Promise<Map<string, { account: string; name: string }>> {
    const list = await rows<{ openid: string; account: string; name: string }>(
      db,
      `SELECT a.address AS openid, u.account, u.name FROM msg_channel_address a JOIN sys_user u ON u.id = a.user_id WHERE a.channel = 'wechat' AND a.address = ANY($1::text[])`,
      [openids],
    );
    return new Map(list.map((r) => [r.openid, { account: r.account, name: r.name }]));
  }

  async unmapOpenid(db: Db, openid: string): Promise<void> {
    await db.query(`DELETE FROM msg_channel_address WHERE channel = 'wechat' AND address = $1`, [openid]);
  }
}
