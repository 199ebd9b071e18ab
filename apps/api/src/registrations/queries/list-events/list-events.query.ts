import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type RegistrationEvent, type RegistrationEventPage, type RegistrationEventQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { eventPhase } from '../../domain/event-rules.js';
import { RegistrationAccess } from '../../domain/registration-access.js';
import { type EventRow, RegistrationsRepository } from '../../domain/registrations.repository.js';
import { RegistrationsErrors } from '../../registrations.errors.js';

/** Lectures and activities, newest first, each with its counts, its phase and the caller's own sign-up. */
@Injectable()
export class ListRegistrationEvents {
  constructor(
    private readonly db: DataSource,
    private readonly events: RegistrationsRepository,
    private readonly access: RegistrationAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: RegistrationEventQuery, me: Principal): Promise<RegistrationEventPage> {
    const page = await this.events.page(this.db, q.kind, q.current, q.size);
    return { total: page.total, list: await this.views(page.list, me) };
  }

  async one(id: string, me: Principal): Promise<RegistrationEvent> {
    const event = await this.events.event(this.db, id);
    if (!event) throw RegistrationsErrors.notFound();
    return (await this.views([event], me))[0] as RegistrationEvent;
  }

  private async views(list: readonly EventRow[], me: Principal): Promise<RegistrationEvent[]> {
    const mine = new Map((await this.events.mineAmong(this.db, me.userId, list.map((e) => e.id))).map((m) => [m.event_id, m]));
    const now = Date.now();
    const at = (d: Date) => formatSchoolTime(d.getTime(), this.config.timeZone);
    return list.map((e) => {
      const m = mine.get(e.id);
      return {
        id: e.id,
        kind: e.kind,
        title: e.title,
        description: e.description,
        speaker: e.speaker,
        place: e.place,
        start: at(e.start_at),
        end: at(e.end_at),
        registrationStart: at(e.reg_start),
        registrationEnd: at(e.reg_end),
        capacity: e.capacity,
        registered: e.registered,
        waitlisted: e.waitlisted,
        phase: eventPhase(e, now),
        organiserName: e.organiser_name,
        mine: m ? { state: m.state, position: m.position, checkedIn: m.checked_in_at !== null } : null,
        manageable: this.access.organises(me, e),
      };
    });
  }
}
