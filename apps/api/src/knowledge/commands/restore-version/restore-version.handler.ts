import { Injectable } from '@nestjs/common';
import type { KnowledgeArticle } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { articleWrite } from '../../domain/article-text.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { KnowledgeRepository } from '../../domain/knowledge.repository.js';
import { KnowledgeErrors } from '../../knowledge.errors.js';
import { GetArticle } from '../../queries/get-article/get-article.query.js';

/**
 * 恢复 a kept version (an editor of the article's category): its title, body and attachments saved again as the
 * next version, marked as restored from it — the current one stays among the versions, so nothing is lost. The
 * article stays in its category.
 */
@Injectable()
export class RestoreVersion {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
    private readonly reading: GetArticle,
  ) {}

  async execute(id: string, version: number, me: Principal, client: ClientInfo): Promise<KnowledgeArticle> {
    const reach = await this.access.reach(me);
    await this.access.mayEditArticle(reach, me, client, 'knowledge.article.restore', id);
    const saved = await this.db.transaction(async (tx) => {
      const current = await this.repo.article(tx, id, true);
      if (!current) throw KnowledgeErrors.articleNotFound();
      const kept = await this.repo.version(tx, id, version);
      if (!kept) throw KnowledgeErrors.versionNotFound();
      const v = articleWrite({ categoryId: current.category_id, title: kept.title, body: kept.body, attachments: kept.attachments });
      if (!v) throw KnowledgeErrors.bodyEmpty(); // a kept version was never empty; kept for the type
      return this.repo.saveVersion(tx, id, v, me.userId, version);
    });
    await this.access.record(me, client, 'knowledge.article.restore', id, { restored: version, version: saved });
    return this.reading.view(id, me);
  }
}
