import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Message channels (issue 26 part 2, docs/product/messages.md#channels, docs/adr/0041-message-channels.md): beyond the
 * bell, a message reaches e-mail (SMTP) and WeChat template messages, per message type (the push configuration) and
 * per user (their opt-outs and addresses). Delivery is a row per message × channel — the message is already per
 * recipient — written in the message's own transaction (messaging/domain/outbox.ts), so it exists exactly when the
 * message does and only once (primary key); each try of it is a row of msg_delivery_attempt.
 */
export class MessageChannels1732000041500 implements MigrationInterface {
  name = 'MessageChannels1732000041500';

  async up(q: QueryRunner): Promise<void> {
    // The channels' settings; `secret` (SMTP password, WeChat appsecret) is read by the senders alone, never answered.
    await q.query(`
      CREATE TABLE msg_channel_setting (
        channel text PRIMARY KEY CHECK (channel IN ('email', 'wechat')),
        enabled boolean NOT NULL DEFAULT false,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        secret text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The push configuration (推送配置): which further channels a message type goes to.
    await q.query(`
      CREATE TABLE msg_push_config (
        message_type text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('email', 'wechat')),
        PRIMARY KEY (message_type, channel)
      )`);
    // Where a user is reached on a channel: their e-mail address, their WeChat openid (the account's user mapping).
    await q.query(`
      CREATE TABLE msg_channel_address (
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'wechat')),
        address text NOT NULL CHECK (length(address) BETWEEN 1 AND 200),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, channel)
      )`);
    await q.query(`CREATE UNIQUE INDEX msg_channel_address_wechat ON msg_channel_address (address) WHERE channel = 'wechat'`);
    // A user's "not this channel for this type".
    await q.query(`
      CREATE TABLE msg_channel_optout (
        user_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        message_type text NOT NULL,
        channel text NOT NULL CHECK (channel IN ('email', 'wechat')),
        PRIMARY KEY (user_id, message_type, channel)
      )`);
    await q.query(`
      CREATE TABLE msg_delivery (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES message(id) ON DELETE CASCADE,
        channel text NOT NULL CHECK (channel IN ('email', 'wechat')),
        recipient_id uuid NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
        message_type text NOT NULL,
        address text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        -- null: the configured number of tries (CHANNEL_MAX_ATTEMPTS); a retry from monitoring allows that many more
        max_attempts integer,
        next_at timestamptz NOT NULL DEFAULT now(),
        claimed_at timestamptz,
        sent_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT msg_delivery_once UNIQUE (message_id, channel)
      )`);
    await q.query(`CREATE INDEX msg_delivery_due ON msg_delivery (next_at) WHERE state IN ('pending', 'sending')`);
    await q.query(`CREATE INDEX msg_delivery_list ON msg_delivery (channel, state, created_at DESC)`);
    await q.query(`CREATE INDEX msg_delivery_day ON msg_delivery (created_at, message_type)`);
    await q.query(`
      CREATE TABLE msg_delivery_attempt (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES msg_delivery(id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        ok boolean NOT NULL,
        error text,
        duration_ms integer NOT NULL,
        at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (delivery_id, attempt)
      )`);
    // Statistics count a day's messages by type.
    await q.query(`CREATE INDEX message_day_type ON message (created_at, type)`);
    await q.query(`INSERT INTO msg_channel_setting (channel) VALUES ('email'), ('wechat') ON CONFLICT DO NOTHING`);
    await q.query(
      `INSERT INTO sys_role_permission (role_id, permission) SELECT id, p FROM sys_role, unnest(ARRAY['message:channels', 'message:monitor']) AS p WHERE code = 'admin' ON CONFLICT DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['msg_delivery_attempt', 'msg_delivery', 'msg_channel_optout', 'msg_channel_address', 'msg_push_config', 'msg_channel_setting']) await q.query(`DROP TABLE IF EXISTS ${t}`);
    await q.query(`DROP INDEX IF EXISTS message_day_type`);
    await q.query(`DELETE FROM sys_role_permission WHERE permission IN ('message:channels', 'message:monitor')`);
  }
}
