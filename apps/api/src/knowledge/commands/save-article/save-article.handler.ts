import { Injectable } from '@nestjs/common';
import type { KnowledgeArticle, KnowledgeArticleUpdate, KnowledgeArticleValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { attachmentRefusal } from '../../../publishing/domain/attachment-rules.js';
import { articleWrite } from '../../domain/article-text.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { type ArticleWrite, KnowledgeRepository } from '../../domain/knowledge.repository.js';
import { KnowledgeErrors } from '../../knowledge.errors.js';
import { GetArticle } from '../../queries/get-article/get-article.query.js';

/**
 * Write an article or save a change to one (docs/adr/0060-knowledge-base.md#versions): in a category the writer edits
 * (moving it, in both); the body sanitised as publishing's and not empty; attachments the writer's own uploads or the
 * article's already, within publishing's limits. A save is made from the current version (else 409: someone saved in
 * between) and becomes the next version, the one before it kept. Every check passes before anything is written.
 */
@Injectable()
export class SaveArticle {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
    private readonly reading: GetArticle,
  ) {}

  async create(input: KnowledgeArticleValues, me: Principal, client: ClientInfo): Promise<KnowledgeArticle> {
    const reach = await this.access.reach(me);
    await this.access.mayWriteIn(reach, me, client, 'knowledge.article.create', input.categoryId, null);
    const v = await this.content(input, me, null);
    const id = await this.db.transaction((tx) => this.repo.insertArticle(tx, v, me.userId));
    await this.access.record(me, client, 'knowledge.article.create', id, { categoryId: v.categoryId, title: v.title, attachments: v.attachments.length });
    return this.reading.view(id, me);
  }

  async update(id: string, input: KnowledgeArticleUpdate, me: Principal, client: ClientInfo): Promise<KnowledgeArticle> {
    const reach = await this.access.reach(me);
    const from = await this.access.mayEditArticle(reach, me, client, 'knowledge.article.update', id);
    if (input.categoryId !== from) await this.access.mayWriteIn(reach, me, client, 'knowledge.article.update', input.categoryId, id);
    const v = await this.content(input, me, id);
    const version = await this.db.transaction(async (tx) => {
      const current = await this.repo.article(tx, id, true);
      if (!current) throw KnowledgeErrors.articleNotFound();
      if (current.version !== input.baseVersion) throw KnowledgeErrors.staleVersion();
      return this.repo.saveVersion(tx, id, v, me.userId);
    });
    await this.access.record(me, client, 'knowledge.article.update', id, { version, categoryId: v.categoryId, title: v.title, attachments: v.attachments.length });
    return this.reading.view(id, me);
  }

  /** The sanitised content, or the refusal of an empty body or of the attachments. */
  private async content(input: KnowledgeArticleValues, me: Principal, articleId: string | null): Promise<ArticleWrite> {
    const v = articleWrite(input);
    if (!v) throw KnowledgeErrors.bodyEmpty();
    const files = await this.repo.attachable(this.db, v.attachments, me.userId, articleId);
    if (files.length !== v.attachments.length) throw KnowledgeErrors.attachmentNotYours();
    const refused = attachmentRefusal(files, 'post');
    if (refused) throw KnowledgeErrors.attachment(refused);
    return v;
  }
}
