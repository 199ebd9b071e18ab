import { Injectable } from '@nestjs/common';
import { type CreatePostAnswer, type CreatePostBody, Permission } from '@schoolflow/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { attachmentRefusal } from '../../domain/attachment-rules.js';
import { audiencePlan } from '../../domain/audience-plan.js';
import { sanitisePostHtml } from '../../domain/html-sanitiser.js';
import { PostAccess } from '../../domain/post-access.js';
import { kindOf } from '../../domain/post-kinds.js';
import { PostNotifier } from '../../domain/post-notifier.js';
import { PostPublisher } from '../../domain/post-publisher.js';
import { PostsRepository } from '../../domain/posts.repository.js';
import { alreadyPast } from '../../domain/post-times.js';
import { PublishingErrors } from '../../publishing.errors.js';
import { PublishingJobsRunner } from '../publish-post/publishing-jobs.runner.js';

/**
 * A new post (docs/product/publishing.md#audience-and-recipients): checked against its kind's declaration — the permission, the fields it needs, the
 * audience selectors it allows, the attachments within the spec's limits (the author's own uploads) — its HTML
 * sanitised, and kept as a draft; with `publish` it is published at once, or scheduled when `publishAt` is later.
 * Nothing is written when any check fails.
 */
@Injectable()
export class CreatePost {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly access: PostAccess,
    private readonly publisher: PostPublisher,
    private readonly notifier: PostNotifier,
    private readonly jobs: PublishingJobsRunner,
  ) {}

  /**
   * `also` is written in the post's own transaction, as with `write` — a collected column's item marked published with
   * its post (docs/adr/0067-spider-columns.md#publishing), so both are kept or neither.
   */
  async execute(body: CreatePostBody, me: Principal, client: ClientInfo, also?: (tx: EntityManager, postId: string) => Promise<void>): Promise<CreatePostAnswer> {
    await this.access.mayPublish(me, body.kind, client, 'post.create', null);
    return this.write(body, me, client, also);
  }

  /**
   * The post itself, for an author another module has already let publish it — a student organisation's advisor
   * publishing the body's activity (docs/adr/0061-organisations.md#activities): every check of the kind but its
   * permission, and `also` written in the post's own transaction (the body's link to it), so both are kept or neither.
   */
  async write(body: CreatePostBody, me: Principal, client: ClientInfo, also?: (tx: EntityManager, postId: string) => Promise<void>): Promise<CreatePostAnswer> {
    const kind = kindOf(body.kind);
    const has = (f: 'courseId' | 'dueAt' | 'place' | 'startAt' | 'endAt') => kind.allowed.includes(f);
    if (kind.required.includes('courseId') && !body.courseId) throw PublishingErrors.courseRequired();
    if (kind.required.includes('dueAt') && !body.dueAt) throw PublishingErrors.dueRequired();
    const courseId = has('courseId') ? (body.courseId ?? null) : null;
    if (courseId && !(await this.posts.courseExists(this.db, courseId))) throw PublishingErrors.courseNotFound();
    const publishAt = this.publisher.timeOf(body.publishAt);
    const dueAt = has('dueAt') ? this.publisher.timeOf(body.dueAt) : null;
    const startAt = has('startAt') ? this.publisher.timeOf(body.startAt) : null;
    const endAt = has('endAt') ? this.publisher.timeOf(body.endAt) : null;
    if (alreadyPast(dueAt)) throw PublishingErrors.duePast();
    if (alreadyPast(publishAt)) throw PublishingErrors.publishAtPast();

    const planned = audiencePlan(body.audience, kind);
    if ('notAllowed' in planned) throw PublishingErrors.audienceNotAllowed(body.kind);
    if (!(await this.posts.audienceExists(this.db, planned.plan))) throw PublishingErrors.audienceInvalid();

    const ids = [...new Set(body.attachments ?? [])];
    const files = await this.posts.attachableFiles(this.db, ids, { userId: me.userId, roles: me.roles, picturesManage: me.permissions.has(Permission.picturesManage) });
    if (files.length !== ids.length) throw PublishingErrors.attachmentNotFound();
    const refused = attachmentRefusal(files, kind.attachments);
    if (refused) throw PublishingErrors.attachment(refused);

    const out = await this.db.transaction(async (tx) => {
      const id = await this.posts.insert(tx, {
        kind: body.kind,
        title: body.title,
        body: sanitisePostHtml(body.body),
        audience: body.audience,
        attachments: ids,
        pinned: body.pinned === true,
        // a signature is a kind of confirmation: asking for one asks for the confirmation too
        requireConfirm: body.requireConfirm === true || body.requireSignature === true,
        requireSignature: body.requireSignature === true,
        courseId,
        dueAt,
        place: has('place') ? (body.place?.trim() || null) : null,
        startAt,
        endAt,
        authorId: me.userId,
        publishAt,
      });
      await this.posts.link(tx, ids, 'post', id);
      await also?.(tx, id);
      if (body.publish !== true) return { id, state: 'draft' as const, pushes: [] };
      const post = await this.posts.get(tx, id, true);
      if (!post) throw PublishingErrors.notFound();
      return { id, ...(await this.publisher.publishOrSchedule(tx, post, publishAt)) };
    });
    this.notifier.emit(out.pushes);
    if (out.state === 'scheduled' && publishAt) await this.jobs.schedule(out.id, publishAt);
    await this.access.record(me, client, 'post.create', out.id, { kind: body.kind, state: out.state });
    return { id: out.id, state: out.state };
  }
}
