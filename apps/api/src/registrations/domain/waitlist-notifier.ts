import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, MessageType, REGISTRATION_CHANGED_PUSH, type RegistrationChangedPush, REGISTRATION_PAGES } from '@schoolflow/contracts';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { Outbox, type PushRow } from '../../messaging/domain/outbox.js';
import { RealtimeGateway } from '../../messaging/realtime/realtime.gateway.js';
import type { Db } from './registrations.repository.js';

/** The page a registration's bell message opens: the event on 讲座. */
export const eventLink = (id: string): string => `${REGISTRATION_PAGES[0].url}?id=${id}`;

/**
 * What reaches people about sign-ups, written in the caller's transaction through the outbox and emitted after
 * commit: the promoted student's bell message (and `registration.changed`), and the organiser's
 * `registration.changed` with the new counts on every sign-up and cancellation.
 */
@Injectable()
export class WaitlistNotifier {
  constructor(
    private readonly realtime: RealtimeGateway,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async changed(
    tx: Db,
    event: { id: string; title: string; place: string; start_at: Date; author_id: string },
    counts: { registered: number; waitlisted: number },
    cause: string,
    promoted: string | null,
  ): Promise<PushRow[]> {
    const payload: RegistrationChangedPush = { eventId: event.id, ...counts };
    const pushes = [{ userId: event.author_id, event: REGISTRATION_CHANGED_PUSH, payload: { ...payload }, sourceKey: `registration:${event.id}:${cause}:organiser` }];
    if (!promoted) return Outbox.pushes(tx, pushes);
    pushes.push({ userId: promoted, event: REGISTRATION_CHANGED_PUSH, payload: { ...payload }, sourceKey: `registration:${event.id}:${cause}:promoted` });
    const params = { title: event.title, place: event.place, start: formatSchoolTime(event.start_at.getTime(), this.config.timeZone) };
    return Outbox.messages(
      tx,
      [
        {
          message: { recipientId: promoted, type: MessageType.system, titleKey: 'registrations.message.promotedTitle', contentKey: 'registrations.message.promotedContent', params, link: eventLink(event.id) },
          sourceKey: `registration:${event.id}:${cause}:promoted-message`,
        },
      ],
      this.config.timeZone,
      pushes,
    );
  }

  emit(rows: PushRow[]): void {
    if (rows.length > 0) this.realtime.emit(rows);
  }
}
