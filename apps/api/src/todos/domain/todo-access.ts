import { Injectable } from '@nestjs/common';
import { AdminAudit, AuditedAccess } from '../../admin/shared/admin-support.js';
import type { ClientInfo, Principal } from '../../infrastructure/http/request-context.js';
import { TodosErrors } from '../todos.errors.js';
import { type Db, TodosRepository } from './todos.repository.js';

/**
 * A to-do is its owner's alone (docs/adr/0050-todos.md#privacy): every statement names the owner, so another's to-do
 * is simply not found (404, never said to exist). A reach for one that exists but is another's goes to the operation
 * log as a refusal; the owner's own changes are not logged (private notes, not the school's records).
 */
@Injectable()
export class TodoAccess extends AuditedAccess {
  constructor(
    audit: AdminAudit,
    private readonly todos: TodosRepository,
  ) {
    super(audit);
  }

  /** The refusal of `id`: logged when it is someone else's, then thrown. */
  async notFound(db: Db, me: Principal, client: ClientInfo, action: string, id: string): Promise<never> {
    if (await this.todos.exists(db, id)) await this.refused(me, client, action, id, 'server.todoNotFound');
    throw TodosErrors.notFound();
  }
}
