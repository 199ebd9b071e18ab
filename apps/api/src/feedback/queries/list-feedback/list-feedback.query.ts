import { Inject, Injectable } from '@nestjs/common';
import type { FeedbackListQuery, FeedbackMineQuery, FeedbackPage } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { FeedbackAccess } from '../../domain/feedback-access.js';
import { feedbackRow } from '../../domain/feedback-view.js';
import { FeedbackRepository } from '../../domain/feedback.repository.js';

/** The lists: one's own (anyone signed in), and everyone's with filters (feedback:handle; a refusal is logged). */
@Injectable()
export class ListFeedback {
  constructor(
    private readonly db: DataSource,
    private readonly feedback: FeedbackRepository,
    private readonly access: FeedbackAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async mine(q: FeedbackMineQuery, me: Principal): Promise<FeedbackPage> {
    const page = await this.feedback.mine(this.db, me.userId, q.current, q.size);
    return { total: page.total, list: page.list.map((f) => feedbackRow(f, me.userId, this.config.timeZone)) };
  }

  async all(q: FeedbackListQuery, me: Principal, client: ClientInfo): Promise<FeedbackPage> {
    await this.access.mayHandle(me, client, 'feedback.list', null);
    const page = await this.feedback.page(this.db, q, this.config.timeZone);
    return { total: page.total, list: page.list.map((f) => feedbackRow(f, me.userId, this.config.timeZone)) };
  }
}
