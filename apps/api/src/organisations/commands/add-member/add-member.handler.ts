import { Injectable } from '@nestjs/common';
import type { AddMemberValues, Language, OrganisationProfile } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { newTermRefusal, personRefusal } from '../../domain/member-terms.js';
import { isOverlap, type Outcome, refusalOf } from '../../domain/member-writes.js';
import { OrganisationAccess } from '../../domain/organisation-access.js';
import { OrganisationsRepository } from '../../domain/organisations.repository.js';
import { OrganisationsErrors } from '../../organisations.errors.js';
import { OrganisationProfileQuery } from '../../queries/profile/profile.query.js';

/**
 * A body's advisor (or a holder of organisations:manage) adds a member for a term (docs/product/campus-life.md#members):
 * a student for a student body, a parent for the parent committee; a role from a day, to a day if known; never a term
 * sharing a day with another of the same person. Checked on the locked body and the person's terms, written in one
 * transaction; the exclusion constraint stands behind (409, never a 500).
 */
@Injectable()
export class AddMember {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OrganisationsRepository,
    private readonly access: OrganisationAccess,
    private readonly profiles: OrganisationProfileQuery,
  ) {}

  async execute(id: string, v: AddMemberValues, me: Principal, client: ClientInfo, lang: Language): Promise<OrganisationProfile> {
    const body = await this.profiles.visibleBody(this.db, id, me);
    await this.access.mayManage(me, client, 'organisation.member.add', body);
    const out = await this.db
      .transaction(async (tx): Promise<Outcome<string>> => {
        const locked = await this.repo.body(tx, id, true);
        if (!locked) return { refused: OrganisationsErrors.notFound() };
        if (!locked.enabled) return { refused: OrganisationsErrors.disabled() };
        const person = await this.repo.person(tx, v.userId);
        const why = personRefusal(locked.kind, OrganisationsRepository.asPerson(person));
        if (why || !person) return { refused: refusalOf(why ?? 'personUnknown') };
        const others = await this.repo.termsOf(tx, id, v.userId, true);
        const clash = newTermRefusal({ from: v.from, to: v.to ?? null }, others.map((t) => ({ from: t.from_date, to: t.to_date })));
        if (clash) return { refused: refusalOf(clash) };
        const termId = await this.repo.insertTerm(tx, { organisationId: id, userId: v.userId, studentId: person.student_id, role: v.role, from: v.from, to: v.to ?? null, previousId: null, by: me.userId });
        return { done: termId };
      })
      .catch((err: unknown): Outcome<string> => {
        if (isOverlap(err)) return { refused: OrganisationsErrors.overlap() };
        throw err;
      });
    if ('refused' in out) throw await this.access.refuse(me, client, 'organisation.member.add', id, out.refused);
    await this.access.record(me, client, 'organisation.member.add', id, { termId: out.done, userId: v.userId, role: v.role, from: v.from, to: v.to ?? null });
    return this.profiles.profile(id, me, lang);
  }
}
