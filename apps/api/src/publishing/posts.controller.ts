import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AudiencePeopleQuery,
  audiencePeopleQuerySchema,
  type AudiencePerson,
  confirmPostSchema,
  type CreatePostAnswer,
  type CreatePostBody,
  createPostSchema,
  type Envelope,
  isUuid,
  type Language,
  pinPostSchema,
  type PostDetail,
  type PostListQuery,
  postListQuerySchema,
  type PostPage,
  type PostReceipts,
  publishPostSchema,
  receiptQuerySchema,
  type RemindAnswer,
  reviewSubmissionSchema,
  type Submission,
  submissionSchema,
} from '@schoolflow/contracts';
import type { z } from 'zod';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { ConfirmPost } from './commands/confirm-post/confirm-post.handler.js';
import { CreatePost } from './commands/create-post/create-post.handler.js';
import { ManagePost } from './commands/manage-post/manage-post.handler.js';
import { PublishPost } from './commands/publish-post/publish-post.handler.js';
import { RemindUnread } from './commands/remind-unread/remind-unread.handler.js';
import { HomeworkSubmissions } from './commands/submissions/submit-homework.handler.js';
import { PublishingErrors } from './publishing.errors.js';
import { AudiencePeople } from './queries/audience-people/audience-people.query.js';
import { GetPost } from './queries/get-post/get-post.query.js';
import { ListPosts } from './queries/list-posts/list-posts.query.js';
import { PostReceiptsQuery } from './queries/receipts/receipts.query.js';

/** An id in the path: anything that is not one is a post that does not exist. */
const known = (id: string): string => {
  if (!isUuid(id)) throw PublishingErrors.notFound();
  return id;
};

/**
 * Publishing (docs/product/publishing.md#calls): every signed-in user reads what was sent to them; writing,
 * publishing and deleting a kind needs its permission (checked per kind by the handlers, refusals logged).
 */
@ApiTags('publishing')
@Controller('api/posts')
export class PostsController {
  constructor(
    private readonly creating: CreatePost,
    private readonly publishing: PublishPost,
    private readonly managing: ManagePost,
    private readonly confirming: ConfirmPost,
    private readonly reminding: RemindUnread,
    private readonly homework: HomeworkSubmissions,
    private readonly listing: ListPosts,
    private readonly reading: GetPost,
    private readonly receiptsQuery: PostReceiptsQuery,
    private readonly peopleQuery: AudiencePeople,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'A new post of a kind: a draft, published at once (publish) or scheduled (publish with a later publishAt)' })
  async create(@ValidBody(createPostSchema) body: CreatePostBody, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CreatePostAnswer>> {
    return ok(await this.creating.execute(body, me, client));
  }

  @Get()
  @ApiOperation({ summary: 'My posts: received (box=inbox) or written (box=authored), by kind, a page at a time' })
  async list(@ValidQuery(postListQuerySchema) q: PostListQuery, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<PostPage>> {
    return ok(await this.listing.execute(q, me, lang));
  }

  // before `:id`, which would take `people` for a post's id
  @Get('people')
  @ApiOperation({ summary: 'People an author of a kind may name as the audience: students by class or name/number, staff by name' })
  async people(@ValidQuery(audiencePeopleQuerySchema) q: AudiencePeopleQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<AudiencePerson[]>> {
    return ok(await this.peopleQuery.execute(q, me, client, lang));
  }

  @Get(':id')
  @ApiOperation({ summary: "One post, for its author or a recipient; a recipient's first reading records their read time" })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<PostDetail>> {
    return ok(await this.reading.execute(known(id), me, lang));
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish a draft now, or schedule it for a later publishAt' })
  async publish(@Param('id') id: string, @ValidBody(publishPostSchema) body: z.output<typeof publishPostSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<CreatePostAnswer>> {
    return ok(await this.publishing.execute(known(id), body.publishAt, me, client));
  }

  @Post(':id/withdraw')
  @HttpCode(200)
  @ApiOperation({ summary: 'Withdraw a published or scheduled post: recipients no longer see it' })
  async withdraw(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.managing.withdraw(known(id), me, client);
    return ok(null);
  }

  @Post(':id/pin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pin a post to the top of its recipients\' lists, or unpin it' })
  async pin(@Param('id') id: string, @ValidBody(pinPostSchema) body: z.output<typeof pinPostSchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.managing.pin(known(id), body.pinned, me, client);
    return ok(null);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a post with its receipts and submissions' })
  async remove(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.managing.delete(known(id), me, client);
    return ok(null);
  }

  @Post(':id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'A recipient confirms the post (a parent for their child too)' })
  async confirm(@Param('id') id: string, @ValidBody(confirmPostSchema) body: z.output<typeof confirmPostSchema>, @CurrentUser() me: Principal): Promise<Envelope<{ confirmed: number }>> {
    return ok(await this.confirming.execute(known(id), body, me));
  }

  @Get(':id/receipts')
  @ApiOperation({ summary: "The author: each recipient's read and confirm times, by class, with counts" })
  async receipts(@Param('id') id: string, @ValidQuery(receiptQuerySchema) q: z.output<typeof receiptQuerySchema>, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<PostReceipts>> {
    return ok(await this.receiptsQuery.execute(known(id), q, me, client, lang));
  }

  @Post(':id/remind')
  @HttpCode(200)
  @ApiOperation({ summary: 'Remind the unread recipients (a job); at most once an hour per post, else 429' })
  async remind(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<RemindAnswer>> {
    return ok(await this.reminding.execute(known(id), me, client));
  }

  @Get(':id/submissions')
  @ApiOperation({ summary: "Homework submissions: every one for the author, one's own (or one's child's) for a student or parent" })
  async submissions(@Param('id') id: string, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<Submission[]>> {
    return ok(await this.homework.list(known(id), me, lang));
  }

  @Post(':id/submissions')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hand homework in (a student, or a parent for their child); once, late marked' })
  async submit(@Param('id') id: string, @ValidBody(submissionSchema) body: z.output<typeof submissionSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<Submission>> {
    return ok(await this.homework.submit(known(id), body, me, lang));
  }

  @Put(':id/submissions')
  @ApiOperation({ summary: 'Edit a submission until the homework is due' })
  async resubmit(@Param('id') id: string, @ValidBody(submissionSchema) body: z.output<typeof submissionSchema>, @CurrentUser() me: Principal, @Lang() lang: Language): Promise<Envelope<Submission>> {
    return ok(await this.homework.edit(known(id), body, me, lang));
  }

  @Put(':id/submissions/:studentId')
  @ApiOperation({ summary: "The teacher's comment and score on a student's submission" })
  async review(
    @Param('id') id: string,
    @Param('studentId') studentId: string,
    @ValidBody(reviewSubmissionSchema) body: z.output<typeof reviewSubmissionSchema>,
    @CurrentUser() me: Principal,
    @Client() client: ClientInfo,
    @Lang() lang: Language,
  ): Promise<Envelope<Submission>> {
    if (!isUuid(studentId)) throw PublishingErrors.notSubmitted();
    return ok(await this.homework.review(known(id), studentId, body, me, client, lang));
  }
}
