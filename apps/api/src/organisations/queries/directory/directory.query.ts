import { Inject, Injectable } from '@nestjs/common';
import { type Language, memberTypeOf, type MyOrganisations, type OrganisationDirectoryQuery, type OrganisationSummary, RoleCode } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import type { BodySummaryRecord } from '../../domain/organisations.repository.js';
import { OrganisationsRepository } from '../../domain/organisations.repository.js';
import { schoolToday } from '../../domain/school-today.js';

/** Whether `me` could ask to join the body now (the start checks it again, on the database). */
export function mayApply(me: Pick<Principal, 'userId' | 'roles'>, b: Pick<BodySummaryRecord, 'kind' | 'member' | 'my_request_id' | 'advisor_id' | 'enabled'>): boolean {
  const type = memberTypeOf(b.kind);
  const mine = type === 'parent' ? me.roles.includes(RoleCode.parent) : me.roles.includes(RoleCode.student);
  return mine && b.enabled && !b.member && b.my_request_id === null && b.advisor_id !== me.userId;
}

export function summaryOf(b: BodySummaryRecord, me: Pick<Principal, 'userId' | 'roles'>): OrganisationSummary {
  return {
    id: b.id,
    name: b.name,
    kind: b.kind,
    description: b.description,
    foundedOn: b.founded_on,
    advisorId: b.advisor_id,
    advisorName: b.advisor_name,
    members: b.members,
    myRole: b.my_role,
    advising: b.advisor_id === me.userId,
    myRequestId: b.my_request_id,
    mayApply: mayApply(me, b),
  };
}

/**
 * 学生组织's directory and 我的组织 (docs/product/campus-life.md#organisations): every body in use with the reader's place
 * in it, and the reader's own terms and the bodies they advise. Anyone signed in reads them.
 */
@Injectable()
export class OrganisationDirectory {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OrganisationsRepository,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async list(q: OrganisationDirectoryQuery, me: Principal): Promise<OrganisationSummary[]> {
    const list = await this.repo.summaries(this.db, me.userId, schoolToday(this.config.timeZone), { kind: q.kind });
    return list.map((b) => summaryOf(b, me));
  }

  async mine(me: Principal, lang: Language): Promise<MyOrganisations> {
    const today = schoolToday(this.config.timeZone);
    const [terms, advising, joining] = await Promise.all([this.repo.myTerms(this.db, me.userId, today, lang), this.repo.advising(this.db, me.userId), this.repo.joining(this.db, { userId: me.userId })]);
    return { terms, advising, joining };
  }
}
