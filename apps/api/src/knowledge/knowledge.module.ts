import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { SystemModule } from '../system/system.module.js';
import { DeleteArticle } from './commands/delete-article/delete-article.handler.js';
import { DeleteCategory } from './commands/delete-category/delete-category.handler.js';
import { RestoreVersion } from './commands/restore-version/restore-version.handler.js';
import { SaveArticle } from './commands/save-article/save-article.handler.js';
import { SaveCategory } from './commands/save-category/save-category.handler.js';
import { KnowledgeAccess } from './domain/knowledge-access.js';
import { KnowledgeRepository } from './domain/knowledge.repository.js';
import { KnowledgeController } from './knowledge.controller.js';
import { GetArticle } from './queries/get-article/get-article.query.js';
import { ListArticles } from './queries/list-articles/list-articles.query.js';
import { ListCategories } from './queries/list-categories/list-categories.query.js';

/**
 * 知识库 (DESIGN §16 `/server/api/knowledge`; docs/product/office.md#knowledge-base, docs/adr/0060-knowledge-base.md):
 * categories with readers and editors, versioned rich-text articles with attachments, the Chinese full-text search;
 * refusals in knowledge.errors.ts.
 */
@Module({
  imports: [SystemModule],
  controllers: [KnowledgeController],
  providers: [AdminAudit, KnowledgeRepository, KnowledgeAccess, ListCategories, ListArticles, GetArticle, SaveCategory, DeleteCategory, SaveArticle, DeleteArticle, RestoreVersion],
})
export class KnowledgeModule {}
