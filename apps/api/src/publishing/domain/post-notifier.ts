import { Inject, Injectable } from '@nestjs/common';
import { MessageType, POST_PUBLISHED, POST_RECEIPT, POST_SUBMISSION, type PostKind, type PostPublishedPush, type PostReceiptPush, type PostSubmissionPush } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import { type Db, PostsRepository } from './posts.repository.js';

/** The page a post's bell message opens (the web's 信息发布 pages read `id`). */
export const postLink = (kind: PostKind, id: string): string => `/publishing/${kind}?id=${id}`;

/**
 * What reaches people about posts, written in the caller's transaction through the outbox (messages and sequenced
 * pushes, each once by its source key) and emitted after commit: a bell message and `post.published` to each
 * recipient; `post.receipt` with the new counts to the author on each first read or confirmation; `post.submission`
 * to a homework's author on each hand-in or change; a bell message to each unread recipient when reminded.
 */
@Injectable()
export class PostNotifier {
  constructor(
    private readonly posts: PostsRepository,
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async published(tx: Db, post: { id: string; kind: PostKind; title: string; authorName: string }, recipients: readonly string[]): Promise<PushRow[]> {
    const params = { kindKey: `publishing.kinds.${post.kind}`, title: post.title, author: post.authorName };
    const payload: PostPublishedPush = { id: post.id, kind: post.kind, title: post.title };
    return Outbox.messages(
      tx,
      recipients.map((userId) => ({
        message: { recipientId: userId, type: MessageType.system, titleKey: 'publishing.message.publishedTitle', contentKey: 'publishing.message.publishedContent', params, link: postLink(post.kind, post.id) },
        sourceKey: `post:${post.id}:published:${userId}`,
      })),
      this.config.timeZone,
      recipients.map((userId) => ({ userId, event: POST_PUBLISHED, payload: { ...payload }, sourceKey: `post:${post.id}:published-push:${userId}` })),
    );
  }

  /** The author's live counts after `userId` read (`what` = read) or confirmed. Counts are read under the post's receipt lock. */
  async receipt(tx: Db, postId: string, authorId: string, userId: string, what: 'read' | 'confirm'): Promise<PushRow[]> {
    const c = await this.posts.counts(tx, postId);
    const payload: PostReceiptPush = { id: postId, read: c.read, confirmed: c.confirmed, total: c.total };
    return Outbox.pushes(tx, [{ userId: authorId, event: POST_RECEIPT, payload: { ...payload }, sourceKey: `post:${postId}:${what}:${userId}` }]);
  }

  /**
   * The homework's author: a student's submission was handed in or changed (the class overview reads it again). Keyed
   * by the submission and the time it was written, so each write pushes once.
   */
  async submission(tx: Db, post: { id: string; authorId: string }, studentId: string, written: { id: string; late: boolean; updated_at: Date }): Promise<PushRow[]> {
    const payload: PostSubmissionPush = { id: post.id, studentId, submitted: true, late: written.late };
    return Outbox.pushes(tx, [{ userId: post.authorId, event: POST_SUBMISSION, payload: { ...payload }, sourceKey: `post:${post.id}:submission:${written.id}:${new Date(written.updated_at).getTime()}` }]);
  }

  async reminded(tx: Db, post: { id: string; kind: PostKind; title: string; authorName: string }, recipients: readonly string[], jobId: string): Promise<PushRow[]> {
    const params = { kindKey: `publishing.kinds.${post.kind}`, title: post.title, author: post.authorName };
    return Outbox.messages(
      tx,
      recipients.map((userId) => ({
        message: { recipientId: userId, type: MessageType.reminder, titleKey: 'publishing.message.remindTitle', contentKey: 'publishing.message.remindContent', params, link: postLink(post.kind, post.id) },
        sourceKey: `post:${post.id}:remind:${jobId}:${userId}`,
      })),
      this.config.timeZone,
    );
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }
}
