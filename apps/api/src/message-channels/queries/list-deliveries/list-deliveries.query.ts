import { Inject, Injectable } from '@nestjs/common';
import { type DeliveryPage, type DeliveryQuery, formatSchoolTime, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import { renderMessage } from '../../../messaging/domain/message-renderer.js';
import { DeliveriesRepository } from '../../domain/deliveries.repository.js';

/** 消息监控: deliveries by channel and state, newest first, each with its tries; titles in the viewer's language. */
@Injectable()
export class ListDeliveries {
  constructor(
    private readonly db: DataSource,
    private readonly deliveries: DeliveriesRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: DeliveryQuery, lang: Language): Promise<DeliveryPage> {
    const page = await this.deliveries.page(this.db, q);
    const tz = this.config.timeZone;
    return {
      total: page.total,
      list: page.list.map((d) => ({
        id: d.id,
        channel: d.channel,
        state: d.state,
        type: d.type,
        title: renderMessage(d.message, lang, tz).MESSAGE_TITLE,
        recipient: d.recipient,
        address: d.address,
        attempts: d.attempts,
        maxAttempts: d.max_attempts ?? this.config.channelMaxAttempts,
        lastError: d.last_error,
        createdAt: formatSchoolTime(d.created_at.getTime(), tz),
        sentAt: d.sent_at ? formatSchoolTime(d.sent_at.getTime(), tz) : null,
        history: d.history.map((a) => ({ ...a, at: formatSchoolTime(Date.parse(a.at), tz) })),
      })),
    };
  }
}
