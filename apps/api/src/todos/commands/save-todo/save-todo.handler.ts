import { Inject, Injectable } from '@nestjs/common';
import { parseSchoolTime, type Todo, todoReminderAt, type TodoValues } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../../config/app-config.js';
import type { ClientInfo, Principal } from '../../../infrastructure/http/request-context.js';
import type { PushRow } from '../../../messaging/domain/outbox.js';
import { TodoAccess } from '../../domain/todo-access.js';
import { TodoNotifier } from '../../domain/todo-notifier.js';
import { type TodoWrite, TodosRepository } from '../../domain/todos.repository.js';
import { TodoReminders } from '../../reminders/todo-reminders.js';

/**
 * Write down a to-do or change one of mine (docs/product/office.md#to-dos): the due time read in the school's time
 * zone, the reminder's moment the due time less its minutes — timed after the commit, claimed at fire time.
 */
@Injectable()
export class SaveTodo {
  constructor(
    private readonly db: DataSource,
    private readonly todos: TodosRepository,
    private readonly access: TodoAccess,
    private readonly notifier: TodoNotifier,
    private readonly reminders: TodoReminders,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async create(input: TodoValues, me: Principal): Promise<Todo> {
    const v = this.values(input);
    const { todo, pushes } = await this.db.transaction(async (tx) => {
      const todo = await this.todos.insert(tx, me.userId, v, this.config.timeZone);
      return { todo, pushes: await this.notifier.changed(tx, me.userId, todo.id, 'saved', todo.updatedAt) };
    });
    await this.after(todo, v, pushes);
    return todo;
  }

  async update(id: string, input: TodoValues, me: Principal, client: ClientInfo): Promise<Todo> {
    const v = this.values(input);
    const done = await this.db.transaction(async (tx) => {
      const todo = await this.todos.update(tx, me.userId, id, v, this.config.timeZone);
      return todo ? { todo, pushes: await this.notifier.changed(tx, me.userId, todo.id, 'saved', todo.updatedAt) } : null;
    });
    if (!done) return this.access.notFound(this.db, me, client, 'todo.update', id);
    await this.after(done.todo, v, done.pushes);
    return done.todo;
  }

  private values(input: TodoValues): TodoWrite {
    // the schema took only times that read (the server's zone may differ from the default it checked with)
    const due = input.due === null ? null : parseSchoolTime(input.due, this.config.timeZone);
    const remindAt = todoReminderAt(due, input.remindMinutes);
    return { title: input.title, note: input.note, dueAt: due === null ? null : new Date(due), remindMinutes: due === null ? null : input.remindMinutes, remindAt: remindAt === null ? null : new Date(remindAt) };
  }

  private async after(todo: Todo, v: TodoWrite, pushes: PushRow[]): Promise<void> {
    this.notifier.emit(pushes);
    if (!todo.done) await this.reminders.time([{ id: todo.id, remindAt: v.remindAt }]);
  }
}
