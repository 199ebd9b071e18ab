import { Inject, Injectable } from '@nestjs/common';
import type { KnowledgeArticlePage, KnowledgeArticleQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { queryTerms, tsqueryText } from '../../domain/cjk-search.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { articleSummary, subtreeOf } from '../../domain/knowledge-view.js';
import { KnowledgeRepository } from '../../domain/knowledge.repository.js';

/**
 * The articles I may read — of one category and those under it, or of all — newest first; with `q` the search
 * (docs/adr/0060-knowledge-base.md#search): the query cut as the text was, matched by the GIN index, best first, each
 * with its title and a passage around the first match marked. Only categories I read are ever asked, so a restricted
 * article is neither listed nor found; a category I may not read is 404 (logged).
 */
@Injectable()
export class ListArticles {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(q: KnowledgeArticleQuery, me: Principal, client: ClientInfo): Promise<KnowledgeArticlePage> {
    const reach = await this.access.reach(me);
    let categoryIds = [...reach.keys()];
    if (q.categoryId) {
      await this.access.readable(reach, me, client, q.q ? 'knowledge.search' : 'knowledge.list', q.categoryId);
      const below = subtreeOf(await this.repo.categories(this.db), q.categoryId);
      categoryIds = categoryIds.filter((id) => below.has(id));
    }
    if (categoryIds.length === 0) return { total: 0, list: [] };
    if (q.q === undefined) {
      const page = await this.repo.page(this.db, categoryIds, q.current, q.size);
      return { total: page.total, list: page.list.map((a) => articleSummary(a, [], this.config.timeZone)) };
    }
    const tsquery = tsqueryText(q.q);
    if (tsquery === null) return { total: 0, list: [] };
    const terms = queryTerms(q.q);
    const page = await this.repo.search(this.db, categoryIds, tsquery, q.current, q.size);
    return { total: page.total, list: page.list.map((a) => articleSummary(a, terms, this.config.timeZone)) };
  }
}
