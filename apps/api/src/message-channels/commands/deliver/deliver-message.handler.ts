import { Inject, Injectable } from '@nestjs/common';
import { resources } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { translate } from '../../../infrastructure/i18n/i18n.js';
import { renderMessage } from '../../../messaging/domain/message-renderer.js';
import { ChannelSettingsRepository, type SmtpSettings, type WechatSettings } from '../../domain/channel-settings.repository.js';
import { type ClaimedDelivery, DeliveriesRepository } from '../../domain/deliveries.repository.js';
import { EmailSender } from '../../domain/email-sender.js';
import { afterTry, errorText, type TryOutcome } from '../../domain/retry-policy.js';
import { WechatClient } from '../../domain/wechat-client.js';

/**
 * One try of one delivery (a job of the delivery runner): claimed first — so however many runs ask for it (a retry's
 * delayed job, a sweep, another instance), one tries it — then sent on its channel, and the try recorded with the
 * delivery's next state in one transaction. Answers when it should be tried again, if it should.
 */
@Injectable()
export class DeliverMessage {
  constructor(
    private readonly db: DataSource,
    private readonly deliveries: DeliveriesRepository,
    private readonly settings: ChannelSettingsRepository,
    private readonly email: EmailSender,
    private readonly wechat: WechatClient,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** A claim older than this was left by a process that died mid-try: it is taken up again. */
  get staleMs(): number {
    return this.config.channelSendTimeoutMs * 2;
  }

  async execute(id: string): Promise<{ attempt: number; outcome: TryOutcome } | undefined> {
    const claimed = await this.deliveries.claim(this.db, id, this.staleMs);
    if (!claimed) return undefined;
    const started = performance.now();
    let error: string | null = null;
    try {
      await this.send(claimed);
    } catch (err) {
      error = errorText(err);
    }
    const outcome = afterTry(error === null, claimed.attempts, claimed.max_attempts ?? this.config.channelMaxAttempts, this.config.channelRetryBaseMs);
    await this.db.transaction((tx) => this.deliveries.record(tx, id, claimed.attempts, error === null, error, performance.now() - started, outcome));
    return { attempt: claimed.attempts, outcome };
  }

  private async send(d: ClaimedDelivery): Promise<void> {
    const shown = renderMessage(d.message, d.lang, this.config.timeZone);
    const link = shown.MESSAGE_LINK ? absolute(shown.MESSAGE_LINK, this.config.publicUrl) : '';
    const timeout = this.config.channelSendTimeoutMs;
    if (d.channel === 'email') {
      const smtp = await this.settings.setting<SmtpSettings>(this.db, 'email');
      if (!smtp.enabled || !smtp.settings.host) throw new Error(translate(d.lang, 'channels.errors.channelNotConfigured'));
      const footer = link ? `\n\n${translate(d.lang, 'channels.mail.footer', { link })}` : '';
      await this.email.send(smtp, { to: d.address, subject: shown.MESSAGE_TITLE, text: `${shown.MESSAGE_CONTENT}${footer}` }, timeout);
      return;
    }
    const wechat = await this.settings.setting<WechatSettings>(this.db, 'wechat');
    if (!wechat.enabled || !wechat.settings.apiBase || !wechat.settings.templateId) throw new Error(translate(d.lang, 'channels.errors.channelNotConfigured'));
    const type = resources[d.lang].channels.channels.bell;
    await this.wechat.sendTemplate(
      wechat,
      {
        touser: d.address,
        ...(link ? { url: link } : {}),
        // the template's fields in WeChat's classic shape: first, keyword1…, remark
        data: { first: { value: shown.MESSAGE_TITLE }, keyword1: { value: shown.MESSAGE_CONTENT }, keyword2: { value: shown.CREATE_TIME }, remark: { value: type } },
      },
      timeout,
    );
  }
}

/** A message's link as an address outside the platform: under PUBLIC_URL when it is a path. */
function absolute(link: string, publicUrl: string | null): string {
  if (/^https?:\/\//i.test(link)) return link;
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}${link.startsWith('/') ? '' : '/'}${link}` : link;
}
