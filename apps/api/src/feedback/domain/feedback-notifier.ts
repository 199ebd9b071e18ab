import { Inject, Injectable } from '@nestjs/common';
import { FEEDBACK_PAGES, MessageType } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import type { Db, FeedbackRecord } from './feedback.repository.js';

/** The page a feedback's bell message opens, on the feedback: the submitter's list, or the handlers'. */
const link = (page: 'mine' | 'handle', id: string): string => `${FEEDBACK_PAGES.find((p) => p.key === page)?.url ?? ''}?id=${id}`;

/**
 * Who is told about a feedback, written in the step's transaction through the messaging outbox — so the message
 * exists exactly when the step does, once (its source key names the history entry) — and pushed to the bell after
 * commit: the submitter of a reply, the handler of a re-opening.
 */
@Injectable()
export class FeedbackNotifier {
  constructor(
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  replied(tx: Db, f: FeedbackRecord, entryId: string, handlerName: string, reply: string): Promise<PushRow[]> {
    return Outbox.messages(
      tx,
      [
        {
          message: { recipientId: f.author_id, type: MessageType.system, titleKey: 'feedback.message.repliedTitle', contentKey: 'feedback.message.repliedContent', params: { title: f.title, handler: handlerName, reply }, link: link('mine', f.id) },
          sourceKey: `feedback:${f.id}:entry:${entryId}`,
        },
      ],
      this.config.timeZone,
    );
  }

  reopened(tx: Db, f: FeedbackRecord, entryId: string, note: string): Promise<PushRow[]> {
    if (!f.handler_id) return Promise.resolve([]);
    // an anonymous submitter stays anonymous in the handler's bell too
    const submitter = f.anonymous ? { submitterKey: 'feedback.anonymous' } : { submitter: f.author_name };
    return Outbox.messages(
      tx,
      [
        {
          message: { recipientId: f.handler_id, type: MessageType.system, titleKey: 'feedback.message.reopenedTitle', contentKey: 'feedback.message.reopenedContent', params: { ...submitter, title: f.title, note }, link: link('handle', f.id) },
          sourceKey: `feedback:${f.id}:entry:${entryId}`,
        },
      ],
      this.config.timeZone,
    );
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }
}
