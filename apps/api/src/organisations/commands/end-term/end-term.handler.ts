import { Injectable } from '@nestjs/common';
import type { EndTermValues, Language, OrganisationProfile } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { endRefusal } from '../../domain/member-terms.js';
import { type Outcome, refusalOf } from '../../domain/member-writes.js';
import { OrganisationAccess } from '../../domain/organisation-access.js';
import { OrganisationsRepository } from '../../domain/organisations.repository.js';
import { OrganisationsErrors } from '../../organisations.errors.js';
import { OrganisationProfileQuery } from '../../queries/profile/profile.query.js';

/** A member leaves (or a term ends as planned, earlier): the term's last day is set; the term stays in the history. */
@Injectable()
export class EndTerm {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OrganisationsRepository,
    private readonly access: OrganisationAccess,
    private readonly profiles: OrganisationProfileQuery,
  ) {}

  async execute(id: string, termId: string, v: EndTermValues, me: Principal, client: ClientInfo, lang: Language): Promise<OrganisationProfile> {
    const body = await this.profiles.visibleBody(this.db, id, me);
    await this.access.mayManage(me, client, 'organisation.member.end', body);
    const out = await this.db.transaction(async (tx): Promise<Outcome<null>> => {
      const term = await this.repo.term(tx, id, termId, true);
      if (!term) return { refused: OrganisationsErrors.memberNotFound() };
      const why = endRefusal({ from: term.from_date, to: term.to_date }, v.to);
      if (why) return { refused: refusalOf(why) };
      await this.repo.endTerm(tx, term.id, v.to, me.userId);
      return { done: null };
    });
    if ('refused' in out) throw await this.access.refuse(me, client, 'organisation.member.end', termId, out.refused);
    await this.access.record(me, client, 'organisation.member.end', termId, { organisationId: id, to: v.to });
    return this.profiles.profile(id, me, lang);
  }
}
