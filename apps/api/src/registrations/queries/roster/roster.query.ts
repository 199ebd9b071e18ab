import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type RegistrationRosterRow } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { RegistrationAccess } from '../../domain/registration-access.js';
import { RegistrationsRepository } from '../../domain/registrations.repository.js';
import { RegistrationsErrors } from '../../registrations.errors.js';

/** An event's roster for its organiser: the registered, then the waitlist in its order (place 1 = next). */
@Injectable()
export class RegistrationRoster {
  constructor(
    private readonly db: DataSource,
    private readonly events: RegistrationsRepository,
    private readonly access: RegistrationAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(eventId: string, me: Principal, client: ClientInfo): Promise<RegistrationRosterRow[]> {
    const event = await this.events.event(this.db, eventId);
    if (!event) throw RegistrationsErrors.notFound();
    await this.access.mayOrganise(me, client, 'registration.roster', event);
    let place = 0;
    return (await this.events.roster(this.db, eventId)).map((r) => ({
      userId: r.user_id,
      name: r.name,
      account: r.account,
      className: r.class_name,
      state: r.state,
      position: r.state === 'waitlisted' ? ++place : null,
      signedUpAt: formatSchoolTime(r.created_at.getTime(), this.config.timeZone),
      checkedInAt: r.checked_in_at ? formatSchoolTime(r.checked_in_at.getTime(), this.config.timeZone) : null,
    }));
  }
}
