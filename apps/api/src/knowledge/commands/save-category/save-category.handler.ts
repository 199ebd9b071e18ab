import { Injectable } from '@nestjs/common';
import { KNOWLEDGE_LIMITS, type KnowledgeCategory, type KnowledgeCategoryValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../../../admin/shared/admin-support.js';
import { AdvisoryLock } from '../../../infrastructure/database/advisory-locks.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { KnowledgeAccess } from '../../domain/knowledge-access.js';
import { type Db, KnowledgeRepository } from '../../domain/knowledge.repository.js';
import { KnowledgeErrors } from '../../knowledge.errors.js';
import { ListCategories } from '../../queries/list-categories/list-categories.query.js';

/**
 * Create a category or change one (knowledge:manage; docs/adr/0060-knowledge-base.md#categories): its place in the
 * tree (a parent that exists, not itself or below itself, at most four levels with what hangs under it), its names
 * (unique among its siblings), its readers (roles and departments that exist) and its editors (staff). Tree changes
 * take turns (an advisory lock), so two moves cannot make a cycle together; nothing is written when a check fails.
 */
@Injectable()
export class SaveCategory {
  constructor(
    private readonly db: DataSource,
    private readonly repo: KnowledgeRepository,
    private readonly access: KnowledgeAccess,
    private readonly categories: ListCategories,
  ) {}

  async create(v: KnowledgeCategoryValues, me: Principal, client: ClientInfo): Promise<KnowledgeCategory> {
    await this.access.mayManage(me, client, 'knowledge.category.create', null);
    await this.checkPeople(v);
    const id = await this.write(async (tx) => {
      await this.checkPlace(tx, null, v.parentId);
      return this.repo.insertCategory(tx, v, me.userId);
    });
    await this.access.record(me, client, 'knowledge.category.create', id, this.detail(v));
    return this.categories.one(id, me);
  }

  async update(id: string, v: KnowledgeCategoryValues, me: Principal, client: ClientInfo): Promise<KnowledgeCategory> {
    await this.access.mayManage(me, client, 'knowledge.category.update', id);
    await this.checkPeople(v);
    await this.write(async (tx) => {
      if (!(await this.repo.category(tx, id, true))) throw KnowledgeErrors.categoryNotFound();
      await this.checkPlace(tx, id, v.parentId);
      await this.repo.updateCategory(tx, id, v);
      return id;
    });
    await this.access.record(me, client, 'knowledge.category.update', id, this.detail(v));
    return this.categories.one(id, me);
  }

  /** The roles, departments and editors named exist (and the editors are staff). */
  private async checkPeople(v: KnowledgeCategoryValues): Promise<void> {
    if (!v.everyone && (await this.repo.unknownRoles(this.db, v.roles)).length > 0) throw KnowledgeErrors.roleUnknown();
    if (!v.everyone && (await this.repo.unknownDepartments(this.db, v.departmentIds)).length > 0) throw KnowledgeErrors.departmentUnknown();
    if ((await this.repo.nonStaff(this.db, v.editorIds)).length > 0) throw KnowledgeErrors.editorUnknown();
  }

  /** A parent that exists, not the category itself nor below it, the whole moved subtree within the depth. */
  private async checkPlace(tx: Db, id: string | null, parentId: string | null): Promise<void> {
    const height = id ? Math.max(...(await this.repo.subtree(tx, id)).map((s) => s.n)) : 1;
    if (!parentId) {
      if (height > KNOWLEDGE_LIMITS.depth) throw KnowledgeErrors.tooDeep();
      return;
    }
    if (!(await this.repo.categoryExists(tx, parentId))) throw KnowledgeErrors.parentNotFound();
    if (id && (await this.repo.subtree(tx, id)).some((s) => s.id === parentId)) throw KnowledgeErrors.parentLoop();
    if ((await this.repo.level(tx, parentId)) + height > KNOWLEDGE_LIMITS.depth) throw KnowledgeErrors.tooDeep();
  }

  /** A tree change in its turn; a sibling of the same name is 409. */
  private async write(work: (tx: Db) => Promise<string>): Promise<string> {
    try {
      return await this.db.transaction(async (tx) => {
        await tx.query(`SELECT pg_advisory_xact_lock($1)`, [AdvisoryLock.knowledgeTree]);
        return work(tx);
      });
    } catch (err) {
      if (isUniqueViolation(err, 'knowledge_category_sibling_name')) throw KnowledgeErrors.nameTaken();
      throw err;
    }
  }

  private detail(v: KnowledgeCategoryValues): Record<string, unknown> {
    return { name: v.name, parentId: v.parentId, everyone: v.everyone, roles: v.roles, departments: v.departmentIds.length, editors: v.editorIds.length };
  }
}
