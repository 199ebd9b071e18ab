import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type Envelope,
  isUuid,
  type KnowledgeArticle,
  knowledgeArticleInputSchema,
  type KnowledgeArticlePage,
  type KnowledgeArticleQuery,
  knowledgeArticleQuerySchema,
  type KnowledgeArticleUpdate,
  knowledgeArticleUpdateSchema,
  type KnowledgeArticleValues,
  type KnowledgeCategory,
  knowledgeCategoryInputSchema,
  type KnowledgeCategoryValues,
  type KnowledgeVersion,
  type KnowledgeVersionSummary,
  type Language,
} from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, Lang, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { translate } from '../infrastructure/i18n/i18n.js';
import { DeleteArticle } from './commands/delete-article/delete-article.handler.js';
import { DeleteCategory } from './commands/delete-category/delete-category.handler.js';
import { RestoreVersion } from './commands/restore-version/restore-version.handler.js';
import { SaveArticle } from './commands/save-article/save-article.handler.js';
import { SaveCategory } from './commands/save-category/save-category.handler.js';
import { KnowledgeErrors } from './knowledge.errors.js';
import { GetArticle } from './queries/get-article/get-article.query.js';
import { ListArticles } from './queries/list-articles/list-articles.query.js';
import { ListCategories } from './queries/list-categories/list-categories.query.js';

/** Ids in the path: anything that is no uuid is a category or an article that does not exist. */
const category = (id: string): string => {
  if (!isUuid(id)) throw KnowledgeErrors.categoryNotFound();
  return id;
};
const article = (id: string): string => {
  if (!isUuid(id)) throw KnowledgeErrors.articleNotFound();
  return id;
};
const versionNo = (v: string): number => {
  if (!/^\d{1,9}$/.test(v)) throw KnowledgeErrors.versionNotFound();
  return Number(v);
};

/**
 * 知识库 (DESIGN §16 `/server/api/knowledge`; docs/product/office.md#knowledge-base): categories, articles, versions
 * and the `?q=` search. Who reads and who writes is the use cases' (knowledge-access.ts), checked on every call.
 */
@ApiTags('knowledge')
@Controller('api/knowledge')
export class KnowledgeController {
  constructor(
    private readonly categoryList: ListCategories,
    private readonly categories: SaveCategory,
    private readonly categoryRemoval: DeleteCategory,
    private readonly articleList: ListArticles,
    private readonly reading: GetArticle,
    private readonly articles: SaveArticle,
    private readonly articleRemoval: DeleteArticle,
    private readonly restoring: RestoreVersion,
  ) {}

  @Get('categories')
  @ApiOperation({ summary: 'The categories I may read, in tree order, each with whether I write articles in it' })
  async allCategories(@CurrentUser() me: Principal): Promise<Envelope<KnowledgeCategory[]>> {
    return ok(await this.categoryList.execute(me));
  }

  @Post('categories')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a category: parent, names, readers (everyone, or roles and departments), editors (knowledge:manage)' })
  async createCategory(@ValidBody(knowledgeCategoryInputSchema) body: KnowledgeCategoryValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<KnowledgeCategory>> {
    return ok(await this.categories.create(body, me, client), translate(lang, 'knowledge.results.categoryCreated'));
  }

  @Put('categories/:id')
  @ApiOperation({ summary: 'Change a category, move it in the tree, change its readers and editors (knowledge:manage)' })
  async updateCategory(@Param('id') id: string, @ValidBody(knowledgeCategoryInputSchema) body: KnowledgeCategoryValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<KnowledgeCategory>> {
    return ok(await this.categories.update(category(id), body, me, client), translate(lang, 'knowledge.results.categorySaved'));
  }

  @Delete('categories/:id')
  @ApiOperation({ summary: 'Delete an empty category (knowledge:manage)' })
  async deleteCategory(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.categoryRemoval.execute(category(id), me, client);
    return ok(null, translate(lang, 'knowledge.results.categoryDeleted'));
  }

  @Get('articles')
  @ApiOperation({ summary: 'Articles I may read, of a category and those under it or of all, newest first; with `q` the full-text search (Chinese and English), best first, matches marked' })
  async allArticles(@ValidQuery(knowledgeArticleQuerySchema) q: KnowledgeArticleQuery, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<KnowledgeArticlePage>> {
    return ok(await this.articleList.execute(q, me, client));
  }

  @Post('articles')
  @HttpCode(200)
  @ApiOperation({ summary: 'Write an article in a category I edit: title, rich-text body (sanitised), attachments (my uploads)' })
  async createArticle(@ValidBody(knowledgeArticleInputSchema) body: KnowledgeArticleValues, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<KnowledgeArticle>> {
    return ok(await this.articles.create(body, me, client), translate(lang, 'knowledge.results.articleCreated'));
  }

  @Get('articles/:id')
  @ApiOperation({ summary: 'One article (a reader of its category)' })
  async oneArticle(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<KnowledgeArticle>> {
    return ok(await this.reading.execute(article(id), me, client));
  }

  @Put('articles/:id')
  @ApiOperation({ summary: 'Save a change made from `baseVersion`: the next version, the one before kept (an editor of its category)' })
  async updateArticle(@Param('id') id: string, @ValidBody(knowledgeArticleUpdateSchema) body: KnowledgeArticleUpdate, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<KnowledgeArticle>> {
    return ok(await this.articles.update(article(id), body, me, client), translate(lang, 'knowledge.results.articleSaved'));
  }

  @Delete('articles/:id')
  @ApiOperation({ summary: 'Delete an article and its versions (an editor of its category)' })
  async deleteArticle(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<null>> {
    await this.articleRemoval.execute(article(id), me, client);
    return ok(null, translate(lang, 'knowledge.results.articleDeleted'));
  }

  @Get('articles/:id/versions')
  @ApiOperation({ summary: "An article's versions, newest first (a reader of its category)" })
  async versions(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<KnowledgeVersionSummary[]>> {
    return ok(await this.reading.versions(article(id), me, client));
  }

  @Get('articles/:id/versions/:version')
  @ApiOperation({ summary: 'One version as it was saved (a reader of its category)' })
  async version(@Param('id') id: string, @Param('version') version: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<KnowledgeVersion>> {
    return ok(await this.reading.version(article(id), versionNo(version), me, client));
  }

  @Post('articles/:id/versions/:version/restore')
  @HttpCode(200)
  @ApiOperation({ summary: 'Restore a version: saved again as the next version (an editor of its category)' })
  async restore(@Param('id') id: string, @Param('version') version: string, @CurrentUser() me: Principal, @Client() client: ClientInfo, @Lang() lang: Language): Promise<Envelope<KnowledgeArticle>> {
    return ok(await this.restoring.execute(article(id), versionNo(version), me, client), translate(lang, 'knowledge.results.restored'));
  }
}
