import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  type FeedbackCategory,
  type FeedbackDetail,
  feedbackInputSchema,
  type FeedbackListQuery,
  feedbackListQuerySchema,
  type FeedbackMineQuery,
  feedbackMineQuerySchema,
  feedbackNoteSchema,
  type FeedbackPage,
  type FeedbackReopenInput,
  feedbackReopenSchema,
  type FeedbackReplyInput,
  feedbackReplySchema,
  type FeedbackValues,
  isUuid,
  type Language,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { CloseFeedback } from './commands/close-feedback/close-feedback.handler.js';
import { ReopenFeedback } from './commands/reopen-feedback/reopen-feedback.handler.js';
import { ReplyFeedback } from './commands/reply-feedback/reply-feedback.handler.js';
import { SubmitFeedback } from './commands/submit-feedback/submit-feedback.handler.js';
import { TakeFeedback } from './commands/take-feedback/take-feedback.handler.js';
import { FeedbackErrors } from './feedback.errors.js';
import { FeedbackDetailQuery } from './queries/feedback-detail/feedback-detail.query.js';
import { ListFeedbackCategories } from './queries/list-categories/list-categories.query.js';
import { ListFeedback } from './queries/list-feedback/list-feedback.query.js';

/** An id in the path: anything that is not one is feedback that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw FeedbackErrors.notFound();
  return id;
};

/**
 * 用户反馈 (DESIGN §15 `/server/api/feedback`; docs/product/campus-life.md#user-feedback): submit and follow one's own,
 * handle everyone's with feedback:handle. Permission and ownership are the use cases'.
 */
@ApiTags('feedback')
@Controller('api/feedback')
export class FeedbackController {
  constructor(
    private readonly categoryList: ListFeedbackCategories,
    private readonly lists: ListFeedback,
    private readonly details: FeedbackDetailQuery,
    private readonly submitting: SubmitFeedback,
    private readonly taking: TakeFeedback,
    private readonly replying: ReplyFeedback,
    private readonly closing: CloseFeedback,
    private readonly reopening: ReopenFeedback,
  ) {}

  @Get('categories')
  @ApiOperation({ summary: 'The categories to choose from (dictionary STD_FEEDBACK_CATEGORY)' })
  async categories(): Promise<Envelope<FeedbackCategory[]>> {
    return ok(await this.categoryList.execute());
  }

  @Get()
  @ApiOperation({ summary: 'Everyone\'s feedback, newest first, by state, category, submission dates and words in title or content (feedback:handle)' })
  async all(@ValidQuery(feedbackListQuerySchema) q: FeedbackListQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<FeedbackPage>> {
    return ok(await this.lists.all(q, me, client));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Send feedback: category, title (≤ 50), content (≤ 1000), up to 3 of one\'s own JPG/PNG pictures (≤ 2 MB), optionally anonymous to the staff' })
  async submit(@ValidBody(feedbackInputSchema) body: FeedbackValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FeedbackDetail>> {
    return ok(await this.submitting.execute(body, me, client), translate(lang, 'feedback.results.submitted'));
  }

  @Get('mine')
  @ApiOperation({ summary: 'One\'s own feedback, newest first' })
  async mine(@ValidQuery(feedbackMineQuerySchema) q: FeedbackMineQuery, @CurrentUser() me: Principal): Promise<Envelope<FeedbackPage>> {
    return ok(await this.lists.mine(q, me));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One feedback with its pictures and history (its submitter, or feedback:handle)' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<FeedbackDetail>> {
    return ok(await this.details.execute(known(id), me, client));
  }

  @Post(':id/take')
  @HttpCode(200)
  @ApiOperation({ summary: 'Take submitted feedback: in progress (feedback:handle)' })
  async take(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FeedbackDetail>> {
    return ok(await this.taking.execute(known(id), me, client), translate(lang, 'feedback.results.taken'));
  }

  @Post(':id/reply')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reply (≤ 1000) to submitted or in-progress feedback; the submitter gets a bell message at once (feedback:handle)' })
  async reply(@Param('id') id: string, @ValidBody(feedbackReplySchema) body: FeedbackReplyInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FeedbackDetail>> {
    return ok(await this.replying.execute(known(id), body, me, client), translate(lang, 'feedback.results.replied'));
  }

  @Post(':id/close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Close feedback, with an optional note (its submitter, or feedback:handle)' })
  async close(@Param('id') id: string, @ValidBody(feedbackNoteSchema) body: z.output<typeof feedbackNoteSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FeedbackDetail>> {
    return ok(await this.closing.execute(known(id), body, me, client), translate(lang, 'feedback.results.closed'));
  }

  @Post(':id/reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Re-open replied or closed feedback once, saying why (its submitter); its handler is told' })
  async reopen(@Param('id') id: string, @ValidBody(feedbackReopenSchema) body: FeedbackReopenInput, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<FeedbackDetail>> {
    return ok(await this.reopening.execute(known(id), body, me, client), translate(lang, 'feedback.results.reopened'));
  }
}
