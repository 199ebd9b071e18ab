import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, LECTURES_REQUIRED, type MyRegistrations } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { RegistrationsRepository } from '../../domain/registrations.repository.js';

/** A student's own list: their live sign-ups (waitlist places included) and the lectures attended against the twelve. */
@Injectable()
export class MyRegistrationList {
  constructor(
    private readonly db: DataSource,
    private readonly events: RegistrationsRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(me: Principal): Promise<MyRegistrations> {
    const [list, attended] = await Promise.all([this.events.mine(this.db, me.userId), this.events.lecturesAttended(this.db, me.userId)]);
    return {
      list: list.map((r) => ({
        eventId: r.event_id,
        kind: r.kind,
        title: r.title,
        place: r.place,
        start: formatSchoolTime(r.start_at.getTime(), this.config.timeZone),
        state: r.state,
        position: r.position,
        checkedInAt: r.checked_in_at ? formatSchoolTime(r.checked_in_at.getTime(), this.config.timeZone) : null,
      })),
      lecturesAttended: attended,
      lecturesRequired: LECTURES_REQUIRED,
    };
  }
}
