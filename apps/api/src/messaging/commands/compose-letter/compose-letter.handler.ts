import { Injectable } from '@nestjs/common';
import { type ComposeLetter as ComposeLetterInput, type ComposeLetterAnswer, LETTER_JOB_RECIPIENTS, LETTER_SEND_JOB, type Recipient } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { JobAdmission } from '../../../infrastructure/jobs/job-admission.js';
import { attachmentRefusal } from '../../../publishing/domain/attachment-rules.js';
import { sanitisePostHtml } from '../../../publishing/domain/html-sanitiser.js';
import { LetterAccess } from '../../domain/letter-access.js';
import { LetterNotifier } from '../../domain/letter-notifier.js';
import { type LetterDraft, LettersRepository } from '../../domain/letters.repository.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { LetterSendRunner } from './letter-send.runner.js';

/**
 * Writing a message (docs/product/messages.md#writing): saved as a draft (a new one, or the same draft again by `id`),
 * or sent. Its HTML is sanitised as publishing's; its attachments are the writer's uploads within publishing's limits;
 * a reply names the message of mine it answers, whose sender becomes a recipient. Sending resolves the selection into
 * people now (a snapshot), checks who may be written to, and writes each recipient's copy through the outbox — in the
 * request for up to LETTER_JOB_RECIPIENTS people, else as a job with its progress pushed. Nothing is written when a
 * check fails.
 */
@Injectable()
export class ComposeLetter {
  constructor(
    private readonly db: DataSource,
    private readonly letters: LettersRepository,
    private readonly access: LetterAccess,
    private readonly notifier: LetterNotifier,
    private readonly admission: JobAdmission,
    private readonly runner: LetterSendRunner,
  ) {}

  async execute(body: ComposeLetterInput, me: Principal, client: ClientInfo): Promise<ComposeLetterAnswer> {
    const attachments = [...new Set(body.attachments)];
    const files = await this.letters.ownFiles(this.db, attachments, me.userId);
    if (files.length !== attachments.length) throw MessagingErrors.attachmentNotFound();
    const refused = attachmentRefusal(files, 'post');
    if (refused) throw MessagingErrors.attachment(refused);

    const reply = body.replyTo ? await this.letters.copy(this.db, body.replyTo, me.userId) : null;
    if (body.replyTo && !reply?.sender_id) throw MessagingErrors.replyNotFound();
    const recipients: Recipient[] = [...body.recipients];
    if (reply?.sender_account && !recipients.some((r) => r.TYPE === 'people' && r.CODE === reply.sender_account)) {
      recipients.unshift({ CODE: reply.sender_account, NAME: reply.sender_name ?? reply.sender_account, TYPE: 'people', SORT: 0 });
    }
    const draft: LetterDraft = {
      type: body.type,
      title: body.title,
      content: sanitisePostHtml(body.content),
      link: body.link ? body.link : null,
      recipients,
      attachments,
      replyTo: reply?.id ?? null,
    };

    if (body.draft) {
      const id = await this.db.transaction(async (tx) => {
        const saved = await this.save(tx, body.id, me.userId, draft, 'draft');
        await this.letters.linkFiles(tx, saved, attachments);
        return saved;
      });
      await this.notifier.counters(this.db, me.userId);
      return { id, state: 'draft', recipients: 0 };
    }

    const { userIds, missing } = await this.letters.resolve(this.db, recipients, me.userId);
    const unknown = missing[0];
    if (unknown) throw MessagingErrors.recipientNotFound(unknown.NAME ?? unknown.CODE);
    if (userIds.length === 0) throw MessagingErrors.noRecipients();
    await this.access.mayWrite(this.db, me, client, recipients, userIds, reply?.sender_id ?? null);

    if (userIds.length > LETTER_JOB_RECIPIENTS) {
      const out = await this.db.transaction(async (tx) => {
        const id = await this.save(tx, body.id, me.userId, draft, 'sending');
        await this.letters.linkFiles(tx, id, attachments);
        const jobId = await this.admission.admitIn(tx, { kind: LETTER_SEND_JOB, ownerId: me.userId, total: userIds.length, input: { letterId: id, userIds } });
        await this.letters.markSending(tx, id, userIds.length, jobId);
        return { id, jobId };
      });
      await this.runner.enqueue(out.jobId);
      await this.access.record(me, client, 'message.send', out.id, { recipients: userIds.length, jobId: out.jobId });
      await this.notifier.counters(this.db, me.userId);
      return { id: out.id, state: 'sending', recipients: userIds.length, jobId: out.jobId };
    }

    const out = await this.db.transaction(async (tx) => {
      const id = await this.save(tx, body.id, me.userId, draft, 'sent');
      await this.letters.linkFiles(tx, id, attachments);
      await this.letters.markSent(tx, id, userIds.length);
      const pushes = await this.notifier.copies(tx, { id, type: draft.type, title: draft.title, link: draft.link, authorId: me.userId, authorName: me.name }, userIds);
      return { id, pushes };
    });
    this.notifier.emit(out.pushes);
    await this.access.record(me, client, 'message.send', out.id, { recipients: userIds.length });
    await this.notifier.counters(this.db, me.userId);
    return { id: out.id, state: 'sent', recipients: userIds.length };
  }

  /** A new letter, or my draft by `id` (refused when it is not one any more). */
  private async save(tx: Parameters<LettersRepository['insert']>[0], id: string | undefined, authorId: string, draft: LetterDraft, state: 'draft' | 'sending' | 'sent'): Promise<string> {
    if (!id) return this.letters.insert(tx, authorId, draft, state);
    if (!(await this.letters.updateDraft(tx, id, authorId, draft, state))) throw MessagingErrors.notDraft();
    return id;
  }
}
