import { Inject, Injectable } from '@nestjs/common';
import type { Todo, TodoList, TodoListQuery } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import { TodoAccess } from '../../domain/todo-access.js';
import { TodosRepository } from '../../domain/todos.repository.js';

/** My to-dos, by filter (open, done, overdue, all), the soonest due first and those without a due time last; or one. */
@Injectable()
export class ListTodos {
  constructor(
    private readonly db: DataSource,
    private readonly todos: TodosRepository,
    private readonly access: TodoAccess,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  execute(q: TodoListQuery, me: Principal): Promise<TodoList> {
    return this.todos.list(this.db, me.userId, q.status, q.size, this.config.timeZone);
  }

  async one(id: string, me: Principal, client: ClientInfo): Promise<Todo> {
    return (await this.todos.get(this.db, me.userId, id, this.config.timeZone)) ?? this.access.notFound(this.db, me, client, 'todo.read', id);
  }
}
