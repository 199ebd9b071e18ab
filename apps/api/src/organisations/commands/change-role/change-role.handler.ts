import { Injectable } from '@nestjs/common';
import type { ChangeRoleValues, Language, OrganisationProfile } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { planRoleChange } from '../../domain/member-terms.js';
import { isOverlap, type Outcome, refusalOf } from '../../domain/member-writes.js';
import { OrganisationAccess } from '../../domain/organisation-access.js';
import { OrganisationsRepository } from '../../domain/organisations.repository.js';
import { OrganisationsErrors } from '../../organisations.errors.js';
import { OrganisationProfileQuery } from '../../queries/profile/profile.query.js';

/**
 * Another role for a member from a day on (docs/product/campus-life.md#members): the current term ends the day before
 * and a new one begins — the old role is kept in the history, never overwritten (`planRoleChange`; the table's trigger
 * refuses any other change of a term).
 */
@Injectable()
export class ChangeRole {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OrganisationsRepository,
    private readonly access: OrganisationAccess,
    private readonly profiles: OrganisationProfileQuery,
  ) {}

  async execute(id: string, termId: string, v: ChangeRoleValues, me: Principal, client: ClientInfo, lang: Language): Promise<OrganisationProfile> {
    const body = await this.profiles.visibleBody(this.db, id, me);
    await this.access.mayManage(me, client, 'organisation.member.role', body);
    const out = await this.db
      .transaction(async (tx): Promise<Outcome<string>> => {
        const locked = await this.repo.body(tx, id, true);
        if (!locked) return { refused: OrganisationsErrors.notFound() };
        if (!locked.enabled) return { refused: OrganisationsErrors.disabled() };
        const term = await this.repo.term(tx, id, termId, true);
        if (!term) return { refused: OrganisationsErrors.memberNotFound() };
        const plan = planRoleChange({ id: term.id, role: term.role, from: term.from_date, to: term.to_date }, v.role, v.from);
        if ('refused' in plan) return { refused: refusalOf(plan.refused) };
        await this.repo.endTerm(tx, term.id, plan.endOn, me.userId);
        const next = await this.repo.insertTerm(tx, { organisationId: id, userId: term.user_id, studentId: term.student_id, role: plan.next.role, from: plan.next.from, to: plan.next.to, previousId: term.id, by: me.userId });
        return { done: next };
      })
      .catch((err: unknown): Outcome<string> => {
        if (isOverlap(err)) return { refused: OrganisationsErrors.overlap() };
        throw err;
      });
    if ('refused' in out) throw await this.access.refuse(me, client, 'organisation.member.role', termId, out.refused);
    await this.access.record(me, client, 'organisation.member.role', termId, { organisationId: id, role: v.role, from: v.from, next: out.done });
    return this.profiles.profile(id, me, lang);
  }
}
