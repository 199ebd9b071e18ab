import { Inject, Injectable } from '@nestjs/common';
import { type DutyAbsence, type DutyAssignment, type DutyCandidate, type DutyPost, type DutyRosterDetail, type DutyRosterSummary, dutyDays, formatSchoolTime, type Language } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { HolidaysRepository } from '../../../calendar/domain/holidays.repository.js';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { DutyAccess } from '../../domain/duty-access.js';
import { type Db, DutyRostersRepository } from '../../domain/duty-rosters.repository.js';
import { DutyErrors } from '../../duty-rosters.errors.js';

/** What the duty pages read (docs/product/office.md#duty-rosters). */
@Injectable()
export class DutyLists {
  constructor(
    private readonly db: DataSource,
    private readonly repo: DutyRostersRepository,
    private readonly holidays: HolidaysRepository,
    private readonly access: DutyAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  posts(): Promise<DutyPost[]> {
    return this.repo.posts(this.db);
  }

  staff(lang: Language): Promise<DutyCandidate[]> {
    return this.repo.staff(this.db, undefined, lang);
  }

  rosters(me: Principal): Promise<DutyRosterSummary[]> {
    return this.repo.rosters(this.db, this.access.manages(me));
  }

  async absences(me: Principal, client: ClientInfo): Promise<DutyAbsence[]> {
    await this.access.mayManage(me, client, 'duty.absences');
    return this.repo.absences(this.db);
  }

  /** My duties from today on, in published rosters. */
  mine(me: Principal): Promise<DutyAssignment[]> {
    const today = formatSchoolTime(Date.now(), this.config.timeZone).slice(0, 10);
    return this.repo.assignments(this.db, this.config.timeZone, `a.teacher_id = $2 AND r.status = 'published' AND a.duty_date >= $3::date`, [me.userId, today]);
  }

  /** A roster with its days, skipped holidays, posts and duties; a draft only to those who manage (404 otherwise). */
  async detail(id: string, me: Principal, db: Db = this.db): Promise<DutyRosterDetail> {
    const roster = await this.repo.roster(db, id);
    if (!roster || (roster.status === 'draft' && !this.access.manages(me))) throw DutyErrors.notFound();
    const [declared, posts, assignments] = await Promise.all([
      this.holidays.days(db, roster.fromDate, roster.toDate),
      this.repo.postsOf(db, id),
      this.repo.assignments(db, this.config.timeZone, `a.roster_id = $2`, [id]),
    ]);
    const used = new Set(assignments.map((a) => a.postId));
    return {
      ...roster,
      days: dutyDays(roster.fromDate, roster.toDate, declared),
      skipped: declared.filter((d) => d.kind === 'holiday').map((d) => ({ date: d.date, name: d.name })),
      posts: posts.filter((p) => used.has(p.id) || roster.status === 'draft'),
      assignments,
    };
  }
}
