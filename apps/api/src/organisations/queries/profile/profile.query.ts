import { Inject, Injectable } from '@nestjs/common';
import { type Language, type OrganisationActivity, type OrganisationCandidate, type OrganisationProfile, RoleCode } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { OrganisationAccess } from '../../domain/organisation-access.js';
import { type BodyRecord, type Db, OrganisationsRepository } from '../../domain/organisations.repository.js';
import { schoolToday } from '../../domain/school-today.js';
import { OrganisationsErrors } from '../../organisations.errors.js';
import { summaryOf } from '../directory/directory.query.js';

/**
 * A body's page (docs/product/campus-life.md#organisations): the body, its current members for anyone signed in; its
 * history (every term ended or not begun), its waiting join requests and the candidates to add for its advisor and the
 * holders of organisations:manage — a member sees their own past terms. A disabled body is its managers' only.
 */
@Injectable()
export class OrganisationProfileQuery {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OrganisationsRepository,
    private readonly access: OrganisationAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** The body, if `me` may see it (a disabled one only its managers); else 404. */
  async visibleBody(db: Db, id: string, me: Principal): Promise<BodyRecord> {
    const body = await this.repo.body(db, id);
    if (!body || (!body.enabled && !this.access.manages(me, body))) throw OrganisationsErrors.notFound();
    return body;
  }

  async profile(id: string, me: Principal, lang: Language, db: Db = this.db): Promise<OrganisationProfile> {
    const body = await this.visibleBody(db, id, me);
    const today = schoolToday(this.config.timeZone);
    const canManage = this.access.manages(me, body);
    const [[summary], terms, pending, joining] = await Promise.all([
      this.repo.summaries(db, me.userId, today, { id, withDisabled: true }),
      this.repo.terms(db, id, today, lang),
      canManage ? this.repo.pending(db, id, lang) : Promise.resolve([]),
      this.repo.joining(db, { organisationId: id }),
    ]);
    if (!summary) throw OrganisationsErrors.notFound();
    return {
      ...summaryOf(summary, me),
      enabled: body.enabled,
      canManage,
      current: terms.filter((t) => t.current),
      history: terms.filter((t) => !t.current && (canManage || t.userId === me.userId)),
      pending,
      joining,
    };
  }

  async activities(id: string, me: Principal): Promise<OrganisationActivity[]> {
    await this.visibleBody(this.db, id, me);
    return this.repo.activities(this.db, id, me.userId, me.roles.includes(RoleCode.admin));
  }

  async candidates(id: string, q: string, me: Principal, client: ClientInfo, lang: Language): Promise<OrganisationCandidate[]> {
    const body = await this.visibleBody(this.db, id, me);
    await this.access.mayManage(me, client, 'organisation.candidates', body);
    return this.repo.candidates(this.db, body.kind, q, lang);
  }
}
