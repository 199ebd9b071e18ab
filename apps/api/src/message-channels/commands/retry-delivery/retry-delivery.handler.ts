import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../../../admin/shared/admin-support.js';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DeliveriesRepository } from '../../domain/deliveries.repository.js';
import { ChannelsErrors } from '../../message-channels.errors.js';
import { DeliveryRunner } from '../deliver/delivery-runner.js';

/**
 * 消息监控's retry: a failed delivery waits again with CHANNEL_MAX_ATTEMPTS more tries, and is asked for at once.
 * Only a failed one: a delivery waiting or being tried is the runner's, and a sent one is not sent twice.
 */
@Injectable()
export class RetryDelivery {
  constructor(
    private readonly db: DataSource,
    private readonly deliveries: DeliveriesRepository,
    private readonly runner: DeliveryRunner,
    private readonly audit: AdminAudit,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    const retried = await this.deliveries.retry(this.db, id, this.config.channelMaxAttempts);
    if (!retried) {
      const exists = await this.deliveries.exists(this.db, id);
      await this.audit.record(me, client, 'message.delivery.retry', id, { reason: exists ? 'channels.errors.notRetryable' : 'channels.errors.deliveryNotFound' }, 'failure');
      throw exists ? ChannelsErrors.notRetryable() : ChannelsErrors.deliveryNotFound();
    }
    await this.audit.record(me, client, 'message.delivery.retry', id);
    await this.runner.now(id, retried.attempts + 1);
  }
}
