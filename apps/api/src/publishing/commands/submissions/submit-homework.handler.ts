import { Injectable } from '@nestjs/common';
import type { Language, Submission } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { attachmentRefusal } from '../../domain/attachment-rules.js';
import { PostAccess } from '../../domain/post-access.js';
import { PostNotifier } from '../../domain/post-notifier.js';
import { kindOf } from '../../domain/post-kinds.js';
import { type PostRow, PostsRepository } from '../../domain/posts.repository.js';
import { PublishingErrors } from '../../publishing.errors.js';

interface SubmissionInput {
  text: string;
  attachments?: string[];
  studentId?: string;
}

/**
 * Homework handed in (issue 24 §3): by a student the homework went to, or a parent for their child; once (`POST`),
 * then edited (`PUT`) until the due time. A first submission after the due time is taken and marked late. The
 * teacher (the author) comments and may score; the author sees every submission, a student or parent their own.
 * Each hand-in or change pushes `post.submission` to the author in its transaction (the overview follows live).
 */
@Injectable()
export class HomeworkSubmissions {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly access: PostAccess,
    private readonly notifier: PostNotifier,
  ) {}

  private async homework(id: string): Promise<PostRow> {
    const post = await this.posts.get(this.db, id);
    if (!post || post.state !== 'published') throw PublishingErrors.notFound();
    if (!kindOf(post.kind).submissions) throw PublishingErrors.notHomework();
    return post;
  }

  /** The student the caller submits for: themselves, or their child among the homework's students. */
  private async studentFor(postId: string, me: Principal, asked: string | undefined): Promise<string> {
    const { own, children } = await this.posts.submitterStudents(this.db, postId, me.userId);
    if (own) return own;
    if (children.length === 0) throw PublishingErrors.notAStudent();
    if (asked) {
      if (!children.includes(asked)) throw PublishingErrors.childRequired();
      return asked;
    }
    if (children.length > 1) throw PublishingErrors.childRequired();
    return children[0] as string;
  }

  private async files(input: SubmissionInput, me: Principal): Promise<string[]> {
    const ids = [...new Set(input.attachments ?? [])];
    const files = await this.posts.ownFiles(this.db, ids, me.userId);
    if (files.length !== ids.length) throw PublishingErrors.attachmentNotFound();
    const refused = attachmentRefusal(files, 'post');
    if (refused) throw PublishingErrors.attachment(refused);
    return ids;
  }

  async submit(id: string, input: SubmissionInput, me: Principal, lang: Language): Promise<Submission> {
    const post = await this.homework(id);
    const studentId = await this.studentFor(id, me, input.studentId);
    const attachments = await this.files(input, me);
    const pushes = await this.db.transaction(async (tx) => {
      const written = await this.posts.insertSubmission(tx, { postId: id, studentId, text: input.text, attachments, by: me.userId });
      if (!written) throw PublishingErrors.alreadySubmitted();
      await this.posts.link(tx, attachments, 'post-submission', written.id);
      return this.notifier.submission(tx, { id, authorId: post.author_id }, studentId, written);
    });
    this.notifier.emit(pushes);
    return (await this.posts.submissions(this.db, id, [studentId], lang))[0] as Submission;
  }

  async edit(id: string, input: SubmissionInput, me: Principal, lang: Language): Promise<Submission> {
    const post = await this.homework(id);
    const studentId = await this.studentFor(id, me, input.studentId);
    if (post.due_at && post.due_at.getTime() < Date.now()) throw PublishingErrors.pastDue();
    const attachments = await this.files(input, me);
    const pushes = await this.db.transaction(async (tx) => {
      const written = await this.posts.updateSubmission(tx, { postId: id, studentId, text: input.text, attachments, by: me.userId });
      if (!written) throw PublishingErrors.notSubmitted();
      await this.posts.unlinkAll(tx, 'post-submission', written.id);
      await this.posts.link(tx, attachments, 'post-submission', written.id);
      return this.notifier.submission(tx, { id, authorId: post.author_id }, studentId, written);
    });
    this.notifier.emit(pushes);
    return (await this.posts.submissions(this.db, id, [studentId], lang))[0] as Submission;
  }

  async review(id: string, studentId: string, body: { comment: string; score?: number }, me: Principal, client: ClientInfo, lang: Language): Promise<Submission> {
    const post = await this.homework(id);
    await this.access.mayFollow(me, post, client, 'post.review');
    if (!(await this.posts.review(this.db, id, studentId, body.comment.trim(), body.score ?? null, me.userId))) throw PublishingErrors.notSubmitted();
    await this.access.record(me, client, 'post.review', id, { studentId });
    return (await this.posts.submissions(this.db, id, [studentId], lang))[0] as Submission;
  }

  async list(id: string, me: Principal, lang: Language): Promise<Submission[]> {
    const post = await this.homework(id);
    if (post.author_id === me.userId) return this.posts.submissions(this.db, id, null, lang);
    const { own, children } = await this.posts.submitterStudents(this.db, id, me.userId);
    const mine = own ? [own] : children;
    if (mine.length === 0) throw PublishingErrors.notFound();
    return this.posts.submissions(this.db, id, mine, lang);
  }
}
