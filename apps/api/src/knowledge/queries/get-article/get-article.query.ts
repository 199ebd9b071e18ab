import { Inject, Injectable } from '@nestjs/common';
import type { KnowledgeArticle, KnowledgeVersion, KnowledgeVersionSummary } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { articleView, versionSummary } from '../../domain/knowledge-view.js';
import { KnowledgeRepository } from '../../domain/knowledge.repository.js';
import { KnowledgeErrors } from '../../knowledge.errors.js';

/**
 * One article, its versions, one version: for whoever reads its category (an article inherits its category's
 * readers); to anyone else it does not exist (404, the reach logged).
 */
@Injectable()
export class GetArticle {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<KnowledgeArticle> {
    const reach = await this.access.reach(me);
    await this.access.readableArticle(reach, me, client, 'knowledge.article.read', id);
    return this.view(id, me);
  }

  /** The article as `me` sees it now (after their own change: they may read it). */
  async view(id: string, me: Principal): Promise<KnowledgeArticle> {
    const [reach, article] = await Promise.all([this.access.reach(me), this.repo.article(this.db, id)]);
    if (!article || !reach.has(article.category_id)) throw KnowledgeErrors.articleNotFound();
    return articleView(article, await this.repo.files(this.db, article.attachments), reach.get(article.category_id)?.editable ?? false, this.config.timeZone);
  }

  async versions(id: string, me: Principal, client: ClientInfo): Promise<KnowledgeVersionSummary[]> {
    const reach = await this.access.reach(me);
    await this.access.readableArticle(reach, me, client, 'knowledge.article.versions', id);
    const [article, versions] = await Promise.all([this.repo.article(this.db, id), this.repo.versions(this.db, id)]);
    return versions.map((v) => versionSummary(v, article?.version ?? 0, this.config.timeZone));
  }

  async version(id: string, version: number, me: Principal, client: ClientInfo): Promise<KnowledgeVersion> {
    const reach = await this.access.reach(me);
    await this.access.readableArticle(reach, me, client, 'knowledge.article.versions', id);
    const [article, kept] = await Promise.all([this.repo.article(this.db, id), this.repo.version(this.db, id, version)]);
    if (!article || !kept) throw KnowledgeErrors.versionNotFound();
    return { ...versionSummary(kept, article.version, this.config.timeZone), articleId: id, body: kept.body, attachments: await this.repo.files(this.db, kept.attachments) };
  }
}
