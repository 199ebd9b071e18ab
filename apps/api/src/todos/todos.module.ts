import { Module } from '@nestjs/common';
import { AdminAudit } from '../admin/shared/admin-support.js';
import { MessagingModule } from '../messaging/messaging.module.js';
import { SystemModule } from '../system/system.module.js';
import { DeleteTodo } from './commands/delete-todo/delete-todo.handler.js';
import { SaveTodo } from './commands/save-todo/save-todo.handler.js';
import { TickTodo } from './commands/tick-todo/tick-todo.handler.js';
import { TodoAccess } from './domain/todo-access.js';
import { TodoNotifier } from './domain/todo-notifier.js';
import { TodosRepository } from './domain/todos.repository.js';
import { ListTodos } from './queries/list-todos/list-todos.query.js';
import { TodoReminders } from './reminders/todo-reminders.js';
import { TodosController } from './todos.controller.js';

/**
 * Personal to-dos (DESIGN §16 `/server/api/todos`; docs/product/office.md#to-dos, docs/adr/0050-todos.md): a user's
 * own list with due times and reminders sent as bell messages by the jobs' runner; refusals in todos.errors.ts.
 */
@Module({
  imports: [SystemModule, MessagingModule],
  controllers: [TodosController],
  providers: [AdminAudit, TodosRepository, TodoAccess, TodoNotifier, TodoReminders, ListTodos, SaveTodo, TickTodo, DeleteTodo],
})
export class TodosModule {}
