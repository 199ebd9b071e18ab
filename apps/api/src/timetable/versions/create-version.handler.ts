import { Inject, Injectable } from '@nestjs/common';
import { formatSchoolTime, type Language, type NewVersionInput } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../../admin/shared/admin-support.js';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { translate } from '../../infrastructure/i18n/i18n.js';
import { semesterOf } from '../domain/timetable-semesters.js';
import { TimetableVersionsRepository } from '../domain/timetable-versions.repository.js';
import { TimetableErrors } from '../timetable.errors.js';

/** A new draft timetable of a semester made by hand: empty, or a copy of one of the semester's (to change a published one). */
@Injectable()
export class CreateVersion {
  constructor(
    private readonly db: DataSource,
    private readonly versions: TimetableVersionsRepository,
    private readonly audit: AdminAudit,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(body: NewVersionInput, me: Principal, client: ClientInfo, lang: Language): Promise<{ id: string }> {
    const semester = await semesterOf(this.db, body.semesterId, lang);
    const source = body.copyOf ? await this.versions.get(this.db, body.copyOf) : null;
    if (source && source.semesterId !== semester.id) throw TimetableErrors.timetableNotFound();
    const name = body.name || (source ? translate(lang, 'timetable.names.copy', { name: source.name }) : translate(lang, 'timetable.names.manual', { time: formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 16) }));
    // the draft and its copied lessons together: a copy is never left half made
    const id = await this.db.transaction((tx) => this.versions.create(tx, { semesterId: semester.id, name: name.slice(0, 50), source: 'manual', createdBy: me.userId, copyOf: source?.id ?? null }));
    await this.audit.record(me, client, 'timetable-version.create', id, { semesterId: semester.id, copyOf: source?.id ?? null });
    return { id };
  }
}
