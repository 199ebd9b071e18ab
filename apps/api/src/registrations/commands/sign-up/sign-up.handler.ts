import { Injectable } from '@nestjs/common';
import type { SignUpResult } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../../admin/shared/admin-support.js';
import type { PushRow } from '../../../messaging/domain/outbox.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { eventPhase } from '../../domain/event-rules.js';
import { RegistrationAccess } from '../../domain/registration-access.js';
import { RegistrationsRepository } from '../../domain/registrations.repository.js';
import { WaitlistNotifier } from '../../domain/waitlist-notifier.js';
import { RegistrationsErrors } from '../../registrations.errors.js';

/**
 * A student signs up while registration is open (docs/adr/0044-class-walking-and-registrations.md#seats-and-waitlist):
 * under the event's row lock, a seat is taken by the guarded update (never past the capacity, whatever arrives at
 * once) or the sign-up joins the waitlist, its sequence number — taken under the same lock — its place. One live
 * sign-up per student and event (the partial unique index: a double click stores one). The organiser's page is told.
 */
@Injectable()
export class SignUp {
  constructor(
    private readonly db: DataSource,
    private readonly events: RegistrationsRepository,
    private readonly access: RegistrationAccess,
    private readonly notifier: WaitlistNotifier,
  ) {}

  async execute(eventId: string, me: Principal, client: ClientInfo): Promise<SignUpResult> {
    if (!(await this.events.isStudent(this.db, me.userId))) {
      await this.access.refused(me, client, 'registration.sign-up', eventId, 'registrations.errors.notStudent');
      throw RegistrationsErrors.notStudent();
    }
    type Outcome = { refused: 'notOpen' | 'already' } | { refused: null; result: SignUpResult; pushes: PushRow[] };
    let out: Outcome;
    try {
      out = await this.db.transaction(async (tx): Promise<Outcome> => {
        const event = await this.events.event(tx, eventId, true);
        if (!event) throw RegistrationsErrors.notFound();
        if (eventPhase(event, Date.now()) !== 'open') return { refused: 'notOpen' as const };
        if (await this.events.live(tx, eventId, me.userId)) return { refused: 'already' as const };
        const seated = await this.events.takeSeat(tx, eventId);
        const row = await this.events.insertSignUp(tx, eventId, me.userId, seated ? 'registered' : 'waitlisted');
        const position = seated ? null : await this.events.position(tx, eventId, row.seq);
        const counts = { registered: event.registered + (seated ? 1 : 0), waitlisted: event.waitlisted + (seated ? 0 : 1) };
        const pushes = await this.notifier.changed(tx, event, counts, `signup:${row.id}`, null);
        return { refused: null, result: { state: row.state, position }, pushes };
      });
    } catch (err) {
      if (isUniqueViolation(err, 'reg_signup_live')) out = { refused: 'already' as const };
      else throw err;
    }
    if (out.refused) {
      await this.access.refused(me, client, 'registration.sign-up', eventId, `registrations.errors.${out.refused}`);
      throw RegistrationsErrors[out.refused]();
    }
    this.notifier.emit(out.pushes);
    await this.access.record(me, client, 'registration.sign-up', eventId, { ...out.result });
    return out.result;
  }
}
