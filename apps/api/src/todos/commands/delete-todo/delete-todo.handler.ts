import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { TodoAccess } from '../../domain/todo-access.js';
import { TodoNotifier } from '../../domain/todo-notifier.js';
import { TodosRepository } from '../../domain/todos.repository.js';

/** Delete a to-do of mine; a reminder still waiting finds no row when it fires. */
@Injectable()
export class DeleteTodo {
  constructor(
    private readonly db: DataSource,
    private readonly todos: TodosRepository,
    private readonly access: TodoAccess,
    private readonly notifier: TodoNotifier,
  ) {}

  async execute(id: string, me: Principal, client: ClientInfo): Promise<void> {
    const pushes = await this.db.transaction(async (tx) => ((await this.todos.delete(tx, me.userId, id)) ? this.notifier.changed(tx, me.userId, id, 'deleted', '') : null));
    if (!pushes) return this.access.notFound(this.db, me, client, 'todo.delete', id);
    this.notifier.emit(pushes);
  }
}
