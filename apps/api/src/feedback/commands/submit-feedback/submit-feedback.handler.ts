import { Injectable } from '@nestjs/common';
import { type FeedbackDetail, FEEDBACK_LIMITS, type FeedbackValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { FeedbackAccess } from '../../domain/feedback-access.js';
import { FeedbackRepository } from '../../domain/feedback.repository.js';
import { FeedbackErrors } from '../../feedback.errors.js';
import { FeedbackDetailQuery } from '../../queries/feedback-detail/feedback-detail.query.js';

const PICTURE_MIMES = ['image/jpeg', 'image/png'];

/**
 * Anyone signed in sends feedback (docs/product/campus-life.md#user-feedback): a category of the dictionary, the
 * schema's title and content, up to three of their own JPG/PNG uploads of at most 2 MB — checked before anything is
 * written; the feedback, its first history step and its pictures' links in one transaction. Logged with its author,
 * also when anonymous (docs/adr/0051-feedback.md#anonymous).
 */
@Injectable()
export class SubmitFeedback {
  constructor(
    private readonly db: DataSource,
    private readonly feedback: FeedbackRepository,
    private readonly access: FeedbackAccess,
    private readonly detail: FeedbackDetailQuery,
  ) {}

  async execute(input: FeedbackValues, me: Principal, client: ClientInfo): Promise<FeedbackDetail> {
    const v = { ...input, pictures: [...new Set(input.pictures)] };
    if (!(await this.feedback.categoryExists(this.db, v.category))) throw await this.access.refuse(me, client, 'feedback.submit', null, FeedbackErrors.categoryUnknown());
    const files = await this.feedback.ownPictures(this.db, v.pictures, me.userId);
    if (files.length !== v.pictures.length) throw await this.access.refuse(me, client, 'feedback.submit', null, FeedbackErrors.pictureNotYours());
    if (files.some((f) => !PICTURE_MIMES.includes(f.mime) || Number(f.size) > FEEDBACK_LIMITS.pictureBytes)) throw await this.access.refuse(me, client, 'feedback.submit', null, FeedbackErrors.pictureInvalid());
    const id = await this.db.transaction(async (tx) => {
      const id = await this.feedback.insert(tx, v, me.userId);
      await this.feedback.addEntry(tx, id, 'submitted', me.userId);
      return id;
    });
    await this.access.record(me, client, 'feedback.submit', id, { category: v.category, title: v.title, anonymous: v.anonymous, pictures: v.pictures.length });
    return this.detail.view(this.db, id, me);
  }
}
