import { Injectable } from '@nestjs/common';
import { KNOWLEDGE_MANAGE_PERMISSION } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { AdminAudit, AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { KnowledgeErrors } from '../knowledge.errors.js';
import { KnowledgeRepository, type Reach } from './knowledge.repository.js';

/**
 * Who may do what in the knowledge base, checked on the server (docs/adr/0060-knowledge-base.md#access):
 *
 * - reading a category and its articles (list, article, versions, search, an attachment's download): its own reader
 *   rule and every ancestor's admit the user — or they are its named editor; a category one may not read does not
 *   exist to them (404), the reach logged;
 * - writing articles (create, save, restore, delete, move) in a category one reads: knowledge:manage, or a named editor
 *   of the category or of one above it; a reader who is neither is refused 403, logged;
 * - categories themselves (create, change readers and editors, move, delete): knowledge:manage.
 *
 * What a user reads is answered by the database's `knowledge_categories_of` (one definition, the migration's); every
 * change and every refusal goes to the operation log.
 */
@Injectable()
export class KnowledgeAccess extends AuditedAccess {
  constructor(
    audit: AdminAudit,
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
  ) {
    super(audit);
  }

  manages(me: Principal): boolean {
    return me.permissions.has(KNOWLEDGE_MANAGE_PERMISSION);
  }

  async mayManage(me: Principal, client: ClientInfo, action: string, target: string | null): Promise<void> {
    if (this.manages(me)) return;
    throw await this.refuse(me, client, action, target, KnowledgeErrors.forbidden());
  }

  /** The categories `me` reads, and whether they edit each. */
  reach(me: Principal): Promise<Reach> {
    return this.repo.reach(this.db, me, this.manages(me));
  }

  /** A category `me` reads, or 404 — logged when the category exists. */
  async readable(reach: Reach, me: Principal, client: ClientInfo, action: string, categoryId: string, target: string | null = categoryId): Promise<void> {
    if (reach.has(categoryId)) return;
    if (await this.repo.categoryExists(this.db, categoryId)) await this.refused(me, client, action, target, 'knowledge.errors.categoryNotFound');
    throw KnowledgeErrors.categoryNotFound();
  }

  /** An article `me` reads (by its category), or 404 — logged when the article exists. Answers its category. */
  async readableArticle(reach: Reach, me: Principal, client: ClientInfo, action: string, articleId: string): Promise<string> {
    const categoryId = await this.repo.articleCategory(this.db, articleId);
    if (categoryId && reach.has(categoryId)) return categoryId;
    if (categoryId) await this.refused(me, client, action, articleId, 'knowledge.errors.articleNotFound');
    throw KnowledgeErrors.articleNotFound();
  }

  /** A category `me` writes articles in: 404 when they may not read it, 403 when they read it only (both logged, against `target` or the category). */
  async mayWriteIn(reach: Reach, me: Principal, client: ClientInfo, action: string, categoryId: string, target: string | null): Promise<void> {
    await this.readable(reach, me, client, action, categoryId, target ?? categoryId);
    if (reach.get(categoryId)?.editable) return;
    throw await this.refuse(me, client, action, target ?? categoryId, KnowledgeErrors.notEditor());
  }

  /** An article `me` may change: readable (else 404) and in a category they edit (else 403). Answers its category. */
  async mayEditArticle(reach: Reach, me: Principal, client: ClientInfo, action: string, articleId: string): Promise<string> {
    const categoryId = await this.readableArticle(reach, me, client, action, articleId);
    if (reach.get(categoryId)?.editable) return categoryId;
    throw await this.refuse(me, client, action, articleId, KnowledgeErrors.notEditor());
  }
}
