import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdvisoryLockSpace } from '../../../infrastructure/database/advisory-locks.js';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { PostNotifier } from '../../domain/post-notifier.js';
import { PostsRepository } from '../../domain/posts.repository.js';
import { PublishingErrors } from '../../publishing.errors.js';

/**
 * A recipient confirms a post that asks for it (issue 24); a parent confirming counts for their child among the
 * recipients (the one named, or every one of theirs). A post that asks for a signature needs the signer's uploaded
 * image with it. Confirming again changes nothing; the author's counts are
 * pushed when something changed.
 */
@Injectable()
export class ConfirmPost {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly notifier: PostNotifier,
  ) {}

  async execute(id: string, body: { studentId?: string; signature?: string }, me: Principal): Promise<{ confirmed: number }> {
    const post = await this.posts.get(this.db, id);
    if (!post || post.state !== 'published') throw PublishingErrors.notFound();
    const mine = await this.posts.recipient(this.db, id, me.userId);
    if (!mine) throw PublishingErrors.notFound();
    if (!post.require_confirm) throw PublishingErrors.confirmNotRequired();
    // A post that asks for a signature takes no confirmation without one (issue 24): refused before anything is written.
    if (post.require_signature && !body.signature) throw PublishingErrors.signatureRequired();
    if (body.signature && (await this.posts.ownFiles(this.db, [body.signature], me.userId)).length === 0) throw PublishingErrors.attachmentNotFound();
    const children = mine.role === 'parent' ? await this.posts.childrenAmongRecipients(this.db, id, me.userId) : [];
    if (body.studentId && !children.includes(body.studentId)) throw PublishingErrors.childRequired();
    const forChildren = body.studentId ? [body.studentId] : children;
    const out = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [AdvisoryLockSpace.postReceipts, id]);
      const changed = await this.posts.confirm(tx, id, me.userId, forChildren, body.signature ?? null);
      // Linked as the post's signature, not as its attachment: the author and the signer see it, other recipients do not.
      if (body.signature && changed > 0) await this.posts.link(tx, [body.signature], 'post-signature', id);
      const pushes = changed > 0 ? await this.notifier.receipt(tx, id, post.author_id, me.userId, 'confirm') : [];
      return { changed, pushes };
    });
    this.notifier.emit(out.pushes);
    return { confirmed: out.changed };
  }
}
