import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { KnowledgeRepository } from '../../domain/knowledge.repository.js';
import { KnowledgeErrors } from '../../knowledge.errors.js';

/** Delete an article with its versions (an editor of its category); its attachments are let go to the files' sweep. */
@Injectable()
export class DeleteArticle {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    const reach = await this.access.reach(me);
    await this.access.mayEditArticle(reach, me, client, 'knowledge.article.delete', id);
    const title = await this.db.transaction(async (tx) => {
      const article = await this.repo.article(tx, id, true);
      if (!article || !(await this.repo.deleteArticle(tx, id))) throw KnowledgeErrors.articleNotFound();
      return article.title;
    });
    await this.access.record(me, client, 'knowledge.article.delete', id, { title });
  }
}
