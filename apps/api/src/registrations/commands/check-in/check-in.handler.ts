import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type RegistrationRosterRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { checkInOpen } from '../../domain/event-rules.js';
import { RegistrationAccess } from '../../domain/registration-access.js';
import { RegistrationsRepository } from '../../domain/registrations.repository.js';
import { RegistrationsErrors } from '../../registrations.errors.js';

/**
 * The organiser checks a registered student in at the event (from an hour before its start until its end), once; a
 * waitlisted student is not let in by it. A checked-in lecture counts towards the student's twelve.
 */
@Injectable()
export class CheckIn {
  constructor(
    private readonly db: DataSource,
    private readonly events: RegistrationsRepository,
    private readonly access: RegistrationAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(eventId: string, userId: string, me: Principal, client: ClientInfo): Promise<RegistrationRosterRow> {
    const event = await this.events.event(this.db, eventId);
    if (!event) throw RegistrationsErrors.notFound();
    await this.access.mayOrganise(me, client, 'registration.check-in', event);
    const refusal = await this.db.transaction(async (tx) => {
      const current = await this.events.event(tx, eventId, true);
      if (!current || !checkInOpen(current, Date.now())) return 'checkInClosed' as const;
      const signUp = await this.events.live(tx, eventId, userId);
      if (!signUp || signUp.state !== 'registered') return 'notRegistered' as const;
      return (await this.events.checkIn(tx, signUp.id)) ? null : ('alreadyCheckedIn' as const);
    });
    if (refusal) {
      await this.access.refused(me, client, 'registration.check-in', eventId, `registrations.errors.${refusal}`);
      throw RegistrationsErrors[refusal]();
    }
    await this.access.record(me, client, 'registration.check-in', eventId, { userId });
    const row = (await this.events.roster(this.db, eventId)).find((r) => r.user_id === userId);
    if (!row) throw RegistrationsErrors.notRegistered();
    return {
      userId: row.user_id,
      name: row.name,
      account: row.account,
      className: row.class_name,
      state: row.state,
      position: null,
      signedUpAt: formatSchoolTime(row.created_at.getTime(), this.config.timeZone),
      checkedInAt: row.checked_in_at ? formatSchoolTime(row.checked_in_at.getTime(), this.config.timeZone) : null,
    };
  }
}
