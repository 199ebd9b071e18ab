import { Inject, Injectable } from '@nestjs/common';
import { type ActivityValues, type Audience, createPostSchema, type OrganisationActivity, RoleCode } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { validate } from '../../../infrastructure/http/validate.js';
import { CreatePost } from '../../../publishing/commands/create-post/create-post.handler.js';
import { activityHtml } from '../../domain/member-terms.js';
import { OrganisationAccess } from '../../domain/organisation-access.js';
import { OrganisationsRepository } from '../../domain/organisations.repository.js';
import { schoolToday } from '../../domain/school-today.js';
import { OrganisationsErrors } from '../../organisations.errors.js';
import { OrganisationProfileQuery } from '../../queries/profile/profile.query.js';

/**
 * An activity of a body (docs/product/campus-life.md#activities, docs/adr/0061-organisations.md#activities): a post of
 * kind activity in the publishing area, published at once by the body's advisor (or a holder of organisations:manage)
 * — its recipients snapshotted, told by the bell, its receipts the author's as every post's — to the body's current
 * members or to the whole school, linked to the body in the post's own transaction. The advisor need not hold the
 * activity kind's publish permission: being the body's advisor is what lets them publish its activities.
 */
@Injectable()
export class PublishActivity {
  constructor(
    private readonly db: DataSource,
    private readonly repo: OrganisationsRepository,
    private readonly access: OrganisationAccess,
    private readonly profiles: OrganisationProfileQuery,
    private readonly posts: CreatePost,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, v: ActivityValues, me: Principal, client: ClientInfo): Promise<OrganisationActivity> {
    const body = await this.profiles.visibleBody(this.db, id, me);
    await this.access.mayManage(me, client, 'organisation.activity', body);
    if (!body.enabled) throw await this.access.refuse(me, client, 'organisation.activity', id, OrganisationsErrors.disabled());
    const members = (await this.repo.memberIds(this.db, id, schoolToday(this.config.timeZone))).filter((m) => m !== me.userId);
    if (v.audience === 'members' && members.length === 0) throw await this.access.refuse(me, client, 'organisation.activity', id, OrganisationsErrors.noMembers());
    const audience: Audience =
      v.audience === 'members'
        ? { userIds: members }
        : { school: true, staff: true, ...(body.kind === 'parentCommittee' ? { parents: true } : {}), ...(members.length > 0 ? { userIds: members } : {}) };
    const post = validate(createPostSchema, { kind: 'activity', title: v.title, body: activityHtml(v.text), audience, place: v.place, startAt: v.startAt, endAt: v.endAt, publish: true });
    const answer = await this.posts.write(post, me, client, (tx, postId) => this.repo.linkActivity(tx, postId, id));
    await this.access.record(me, client, 'organisation.activity', id, { postId: answer.id, audience: v.audience });
    const list = await this.repo.activities(this.db, id, me.userId, me.roles.includes(RoleCode.admin));
    const made = list.find((a) => a.postId === answer.id);
    if (!made) throw OrganisationsErrors.notFound();
    return made;
  }
}
