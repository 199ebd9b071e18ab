import { Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { ConfirmPost } from './commands/confirm-post/confirm-post.handler.js';
import { CreatePost } from './commands/create-post/create-post.handler.js';
import { ManagePost } from './commands/manage-post/manage-post.handler.js';
import { PublishPost } from './commands/publish-post/publish-post.handler.js';
import { PublishingJobsRunner } from './commands/publish-post/publishing-jobs.runner.js';
import { RemindUnread } from './commands/remind-unread/remind-unread.handler.js';
import { HomeworkSubmissions } from './commands/submissions/submit-homework.handler.js';
import { PostAccess } from './domain/post-access.js';
import { PostNotifier } from './domain/post-notifier.js';
import { PostPublisher } from './domain/post-publisher.js';
import { PostsRepository } from './domain/posts.repository.js';
import { registerPostKinds } from './domain/publishing-registrar.js';
import { PostsController } from './posts.controller.js';
import { AudiencePeople } from './queries/audience-people/audience-people.query.js';
import { GetPost } from './queries/get-post/get-post.query.js';
import { ListPosts } from './queries/list-posts/list-posts.query.js';
import { PostReceiptsQuery } from './queries/receipts/receipts.query.js';

/**
 * Publishing (issue 24, docs/product/publishing.md, docs/adr/0037): notices, homework, activities, performance records
 * and awards as posts of one module — each kind a declaration (domain/post-kinds.ts) — with recipients resolved when
 * published, receipts pushed live to the author, reminders as a job and homework submissions. Its pages' menus and the
 * kinds' publish grants are registered with the resource pages (resources/resource-registrar.ts).
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [PostsController],
  providers: [
    AdminAudit,
    PostsRepository,
    PostAccess,
    PostNotifier,
    PostPublisher,
    PublishingJobsRunner,
    CreatePost,
    PublishPost,
    ManagePost,
    ConfirmPost,
    RemindUnread,
    HomeworkSubmissions,
    ListPosts,
    GetPost,
    PostReceiptsQuery,
    AudiencePeople,
  ],
  // a student organisation's activity is a post (docs/adr/0061-organisations.md#activities)
  exports: [CreatePost],
})
export class PublishingModule implements OnModuleInit {
  constructor(private readonly db: DataSource) {}

  async onModuleInit(): Promise<void> {
    await registerPostKinds(this.db);
  }
}
