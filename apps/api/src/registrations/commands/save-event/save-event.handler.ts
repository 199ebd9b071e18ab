import { Inject, Injectable } from '@nestjs/common';
import { eventTimesRefusal, parseSchoolMoment, type RegistrationEventInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { RegistrationAccess } from '../../domain/registration-access.js';
import { RegistrationsRepository } from '../../domain/registrations.repository.js';
import { RegistrationsErrors } from '../../registrations.errors.js';

/**
 * Publish a lecture or activity, or delete one nobody signed up for (docs/product/class-walking-and-registrations.md#events):
 * `registration:manage`; the spec's time rules (registration start not after the event's start; a lecture's registration
 * closes before it starts) checked here and held by the table's constraints. Every change is logged.
 */
@Injectable()
export class SaveRegistrationEvent {
  constructor(
    private readonly db: DataSource,
    private readonly events: RegistrationsRepository,
    private readonly access: RegistrationAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async create(body: RegistrationEventInput, me: Principal, client: ClientInfo): Promise<{ id: string }> {
    await this.access.mayPublish(me, client, 'registration.event.create');
    // the contract's time rules again: a caller may skip the schema
    const why = eventTimesRefusal(body);
    if (why) throw RegistrationsErrors.invalid(why.key, why.field);
    const at = (t: string) => new Date(parseSchoolMoment(t, this.config.timeZone) as number);
    const id = await this.events.insert(
      this.db,
      { kind: body.kind, title: body.title, description: body.description ?? '', speaker: body.speaker ?? '', place: body.place, startAt: at(body.start), endAt: at(body.end), regStart: at(body.registrationStart), regEnd: at(body.registrationEnd), capacity: body.capacity },
      me.userId,
    );
    await this.access.record(me, client, 'registration.event.create', id, { title: body.title, kind: body.kind });
    return { id };
  }

  async remove(id: string, me: Principal, client: ClientInfo): Promise<void> {
    const event = await this.events.event(this.db, id);
    if (!event) throw RegistrationsErrors.notFound();
    await this.access.mayOrganise(me, client, 'registration.event.delete', event);
    const refused = await this.db.transaction(async (tx) => {
      if (!(await this.events.event(tx, id, true))) throw RegistrationsErrors.notFound();
      if (await this.events.hasSignUps(tx, id)) return true;
      await this.events.remove(tx, id);
      return false;
    });
    if (refused) {
      await this.access.refused(me, client, 'registration.event.delete', id, 'registrations.errors.hasSignUps');
      throw RegistrationsErrors.hasSignUps();
    }
    await this.access.record(me, client, 'registration.event.delete', id);
  }
}
