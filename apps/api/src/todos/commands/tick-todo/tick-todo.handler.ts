import { Inject, Injectable } from '@nestjs/common';
import type { Todo } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { TodoAccess } from '../../domain/todo-access.js';
import { TodoNotifier } from '../../domain/todo-notifier.js';
import { TodosRepository } from '../../domain/todos.repository.js';
import { TodoReminders } from '../../reminders/todo-reminders.js';

/**
 * Tick a to-do of mine done, or open it again. Done, its waiting reminder finds nothing to send when it fires; open
 * again with the reminder still ahead, it is timed again (the same job id: once).
 */
@Injectable()
export class TickTodo {
  constructor(
    private readonly db: DataSource,
    private readonly todos: TodosRepository,
    private readonly access: TodoAccess,
    private readonly notifier: TodoNotifier,
    private readonly reminders: TodoReminders,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async execute(id: string, done: boolean, me: Principal, client: ClientInfo): Promise<Todo> {
    const saved = await this.db.transaction(async (tx) => {
      const row = await this.todos.setDone(tx, me.userId, id, done, this.config.timeZone);
      return row ? { ...row, pushes: await this.notifier.changed(tx, me.userId, id, 'saved', row.todo.updatedAt) } : null;
    });
    if (!saved) return this.access.notFound(this.db, me, client, 'todo.done', id);
    this.notifier.emit(saved.pushes);
    if (!done) await this.reminders.time([{ id, remindAt: saved.remindAt }]);
    return saved.todo;
  }
}
