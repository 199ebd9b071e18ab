import { Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Envelope, isUuid, type Todo, type TodoDone, todoDoneSchema, todoInputSchema, type TodoList, type TodoListQuery, todoListQuerySchema, type TodoValues } from '@schoolflow/contracts';
import { ok } from '../infrastructure/http/envelope.js';
import { Client, type ClientInfo, CurrentUser, type Principal } from '../infrastructure/http/request-context.js';
import { ValidBody, ValidQuery } from '../infrastructure/http/valid-input.js';
import { DeleteTodo } from './commands/delete-todo/delete-todo.handler.js';
import { SaveTodo } from './commands/save-todo/save-todo.handler.js';
import { TickTodo } from './commands/tick-todo/tick-todo.handler.js';
import { ListTodos } from './queries/list-todos/list-todos.query.js';
import { TodosErrors } from './todos.errors.js';

const todo = (id: string): string => {
  if (!isUuid(id)) throw TodosErrors.notFound();
  return id;
};

/**
 * 待办 (DESIGN §16 `/server/api/todos`; docs/product/office.md#to-dos): each signed-in user's own to-dos — every
 * statement names the owner, so another's to-do is not found (404, the reach logged).
 */
@ApiTags('todos')
@Controller('api/todos')
export class TodosController {
  constructor(
    private readonly list: ListTodos,
    private readonly save: SaveTodo,
    private readonly tick: TickTodo,
    private readonly remove: DeleteTodo,
  ) {}

  @Get()
  @ApiOperation({ summary: 'My to-dos by `status` (open, done, overdue, all; open by default), soonest due first, at most `size`' })
  async todos(@ValidQuery(todoListQuerySchema) q: TodoListQuery, @CurrentUser() me: Principal): Promise<Envelope<TodoList>> {
    return ok(await this.list.execute(q, me));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One of my to-dos' })
  async one(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<Todo>> {
    return ok(await this.list.one(todo(id), me, client));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Write down a to-do: a title, a note, a due time (school time) and a reminder before it' })
  async create(@ValidBody(todoInputSchema) body: TodoValues, @CurrentUser() me: Principal): Promise<Envelope<Todo>> {
    return ok(await this.save.create(body, me));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Change one of my to-dos (a reminder moved is sent at its new time)' })
  async update(@Param('id') id: string, @ValidBody(todoInputSchema) body: TodoValues, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<Todo>> {
    return ok(await this.save.update(todo(id), body, me, client));
  }

  @Put(':id/done')
  @ApiOperation({ summary: 'Tick one of my to-dos done (`done: true`) or open it again' })
  async done(@Param('id') id: string, @ValidBody(todoDoneSchema) body: TodoDone, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<Todo>> {
    return ok(await this.tick.execute(todo(id), body.done, me, client));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete one of my to-dos' })
  async delete(@Param('id') id: string, @CurrentUser() me: Principal, @Client() client: ClientInfo): Promise<Envelope<null>> {
    await this.remove.execute(todo(id), me, client);
    return ok(null);
  }
}
