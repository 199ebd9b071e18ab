import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AdvisoryLock } from '../../../infrastructure/database/advisory-locks.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { KnowledgeRepository } from '../../domain/knowledge.repository.js';
import { KnowledgeErrors } from '../../knowledge.errors.js';

/** Delete an empty category (knowledge:manage): one that still holds a subcategory or an article is refused 409. */
@Injectable()
export class DeleteCategory {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    await this.access.mayManage(me, client, 'knowledge.category.delete', id);
    const name = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.knowledgeTree]);
      const category = await this.repo.category(tx, id, true);
      if (!category) throw KnowledgeErrors.categoryNotFound();
      if (!(await this.repo.deleteEmptyCategory(tx, id))) throw KnowledgeErrors.notEmpty();
      return category.name;
    });
    await this.access.record(me, client, 'knowledge.category.delete', id, { name });
  }
}
