import { Inject, Injectable } from '@nestjs/common';
import { MessageType, TODO_CHANGED, TODOS_PAGE, type TodoChangedPush } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import type { ClaimedReminder, Db } from './todos.repository.js';

/**
 * What reaches a to-do's owner, written in the caller's transaction through the outbox (each once by its source key)
 * and emitted after commit: `todo.changed` to their other tabs on every change, and a reminder's bell message.
 */
@Injectable()
export class TodoNotifier {
  constructor(
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** One change of one to-do; `stamp` (its updated time, or the deletion's) keys the push once. */
  changed(tx: Db, ownerId: string, id: string, action: TodoChangedPush['action'], stamp: string): Promise<PushRow[]> {
    const payload: TodoChangedPush = { id, action };
    return Outbox.pushes(tx, [{ userId: ownerId, event: TODO_CHANGED, payload: { ...payload }, sourceKey: `todo:${id}:${action}:${stamp}` }]);
  }

  /** Reminders claimed: a bell message each (keyed by the to-do and the reminder's moment: once), and the list's push. */
  reminded(tx: Db, claimed: readonly ClaimedReminder[]): Promise<PushRow[]> {
    return Outbox.messages(
      tx,
      claimed.map((r) => ({
        message: {
          recipientId: r.ownerId,
          type: MessageType.reminder,
          titleKey: 'messages.todoReminder.title',
          contentKey: 'messages.todoReminder.content',
          params: { title: r.title, due: { time: new Date(r.dueAt).toISOString() } },
          link: TODOS_PAGE.url,
        },
        sourceKey: `todo:${r.id}:remind:${new Date(r.remindAt).getTime()}`,
      })),
      this.config.timeZone,
      claimed.map((r) => ({ userId: r.ownerId, event: TODO_CHANGED, payload: { id: r.id, action: 'reminded' }, sourceKey: `todo:${r.id}:reminded:${new Date(r.remindAt).getTime()}` })),
    );
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }
}
