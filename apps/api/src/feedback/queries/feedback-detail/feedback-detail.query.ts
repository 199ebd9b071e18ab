import { Inject, Injectable } from '@nestjs/common';
import type { FeedbackDetail } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { FeedbackAccess } from '../../domain/feedback-access.js';
import { feedbackDetail } from '../../domain/feedback-view.js';
import { type Db, FeedbackRepository } from '../../domain/feedback.repository.js';
import { FeedbackErrors } from '../../feedback.errors.js';

/**
 * One feedback with its pictures and history: its submitter's, or anyone's for those granted feedback:handle; to
 * anyone else it does not exist (404, the refusal logged). The use cases answer with it after each step.
 */
@Injectable()
export class FeedbackDetailQuery {
  constructor(
    private readonly db: DataSource,
    private readonly feedback: FeedbackRepository,
    private readonly access: FeedbackAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<FeedbackDetail> {
    const f = await this.feedback.get(this.db, id);
    if (!f || (f.author_id !== me.userId && !this.access.handles(me))) throw await this.access.refuse(me, client, 'feedback.read', id, FeedbackErrors.notFound());
    return this.view(this.db, id, me);
  }

  /** The feedback as `me` sees it now (read after a step: `db` may be the step's transaction). */
  async view(db: Db, id: string, me: Principal): Promise<FeedbackDetail> {
    const f = await this.feedback.get(db, id);
    if (!f) throw FeedbackErrors.notFound();
    const [entries, pictures] = await Promise.all([this.feedback.entries(db, id), this.feedback.pictureNames(db, f.pictures)]);
    return feedbackDetail(f, entries, pictures, me.userId, this.config.timeZone);
  }
}
