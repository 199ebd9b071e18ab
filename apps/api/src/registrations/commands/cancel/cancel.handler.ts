import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { RegistrationAccess } from '../../domain/registration-access.js';
import { RegistrationsRepository } from '../../domain/registrations.repository.js';
import { WaitlistNotifier } from '../../domain/waitlist-notifier.js';
import { RegistrationsErrors } from '../../registrations.errors.js';

/**
 * A student cancels their own sign-up before the event starts (docs/adr/0044-class-walking-and-registrations.md#seats-and-waitlist):
 * under the event's row lock; a registered place goes to the first of the waitlist in sign-up order, who is told by a
 * bell message through the outbox (live on their bell), and the organiser's page gets the new counts.
 */
@Injectable()
export class CancelSignUp {
  constructor(
    private readonly db: DataSource,
    private readonly events: RegistrationsRepository,
    private readonly access: RegistrationAccess,
    private readonly notifier: WaitlistNotifier,
  ) {}

  async execute(eventId: string, me: Principal, client: ClientInfo): Promise<{ promoted: boolean }> {
    const out = await this.db.transaction(async (tx) => {
      const event = await this.events.event(tx, eventId, true);
      if (!event) throw RegistrationsErrors.notFound();
      if (Date.now() >= event.start_at.getTime()) return { refused: 'started' as const, promoted: null, pushes: [] };
      const mine = await this.events.live(tx, eventId, me.userId);
      if (!mine) return { refused: 'notSignedUp' as const, promoted: null, pushes: [] };
      await this.events.cancel(tx, mine.id);
      let promoted: string | null = null;
      if (mine.state === 'registered') {
        // the freed seat goes straight to the next in line: the counter stays, the waitlist shrinks
        promoted = await this.events.promoteNext(tx, eventId);
        if (!promoted) await this.events.freeSeat(tx, eventId);
      }
      const counts = {
        registered: event.registered - (mine.state === 'registered' && !promoted ? 1 : 0),
        waitlisted: event.waitlisted - (mine.state === 'waitlisted' || promoted ? 1 : 0),
      };
      return { refused: null, promoted, pushes: await this.notifier.changed(tx, event, counts, `cancel:${mine.id}`, promoted) };
    });
    if (out.refused) {
      await this.access.refused(me, client, 'registration.cancel', eventId, `registrations.errors.${out.refused}`);
      throw RegistrationsErrors[out.refused]();
    }
    this.notifier.emit(out.pushes);
    await this.access.record(me, client, 'registration.cancel', eventId, { promoted: out.promoted });
    return { promoted: out.promoted !== null };
  }
}
