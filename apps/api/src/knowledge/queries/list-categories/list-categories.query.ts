import { Injectable } from '@nestjs/common';
import type { KnowledgeCategory } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../../infrastructure/http/request-context.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { categoryView, treeOrder } from '../../domain/knowledge-view.js';
import { KnowledgeRepository } from '../../domain/knowledge.repository.js';
import { KnowledgeErrors } from '../../knowledge.errors.js';

/** The categories I read, in tree order, each saying whether I write in it; a restricted one I am outside of is absent. */
@Injectable()
export class ListCategories {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
  ) {}

  async execute(me: Principal): Promise<KnowledgeCategory[]> {
    const [reach, all] = await Promise.all([this.access.reach(me), this.repo.categories(this.db)]);
    return treeOrder(all.filter((c) => reach.has(c.id))).map((c) => categoryView(c, reach));
  }

  /** One category as its manager sees it after a change. */
  async one(id: string, me: Principal): Promise<KnowledgeCategory> {
    const [reach, category] = await Promise.all([this.access.reach(me), this.repo.category(this.db, id)]);
    if (!category) throw KnowledgeErrors.categoryNotFound();
    return categoryView(category, reach);
  }
}
