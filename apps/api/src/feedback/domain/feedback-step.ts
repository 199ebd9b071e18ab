import { Injectable } from '@nestjs/common';
import type { FeedbackDetail } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { AppException } from '../../infrastructure/http/app-exception.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import type { PushRow } from '../../messaging/domain/outbox.js';
import { FeedbackErrors } from '../feedback.errors.js';
import { FeedbackDetailQuery } from '../queries/feedback-detail/feedback-detail.query.js';
import { FeedbackAccess } from './feedback-access.js';
import { FeedbackNotifier } from './feedback-notifier.js';
import { type Db, type FeedbackRecord, FeedbackRepository } from './feedback.repository.js';

/** What a step decides on the locked feedback: a refusal (nothing written), or what it wrote and who is told. */
export type StepOutcome = { refused: AppException } | { pushes: PushRow[]; detail: Record<string, unknown> };

/**
 * One step of a feedback's life (take, reply, close, re-open), as each use case runs it: in one transaction, on the
 * feedback's row locked (two handlers replying at once: the second sees it replied), the step's own checks and
 * writes and its bell message; then the pushes emitted and the step or its refusal logged. A feedback the caller may
 * not read does not exist to them (404).
 */
@Injectable()
export class FeedbackStep {
  constructor(
    private readonly db: DataSource,
    private readonly feedback: FeedbackRepository,
    private readonly access: FeedbackAccess,
    private readonly detail: FeedbackDetailQuery,
    private readonly notifier: FeedbackNotifier,
  ) {}

  async run(id: string, me: Principal, client: ClientInfo, action: string, step: (tx: Db, f: FeedbackRecord) => Promise<StepOutcome>): Promise<FeedbackDetail> {
    const out = await this.db.transaction(async (tx): Promise<StepOutcome & { view?: FeedbackDetail }> => {
      const f = await this.feedback.get(tx, id, true);
      if (!f || (f.author_id !== me.userId && !this.access.handles(me))) return { refused: FeedbackErrors.notFound() };
      const done = await step(tx, f);
      return 'refused' in done ? done : { ...done, view: await this.detail.view(tx, id, me) };
    });
    if ('refused' in out) throw await this.access.refuse(me, client, action, id, out.refused);
    this.notifier.emit(out.pushes);
    await this.access.record(me, client, action, id, out.detail);
    return out.view as FeedbackDetail;
  }
}
