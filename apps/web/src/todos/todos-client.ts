import { type Todo, type TodoList, type TodoStatus, type TodoValues, todosPath } from '@schoolflow/contracts';
import { request, requestData } from '../api/http.js';

/** Query keys of my to-dos: everything under `todos`; any change (mine here, or a push from another tab) marks them all stale. */
export const todoKeys = {
  all: ['todos'] as const,
  list: (status: TodoStatus, size: number) => ['todos', 'list', status, size] as const,
};

/** The calls of 待办 (docs/product/office.md#to-dos). */
export const todosClient = {
  list: (status: TodoStatus, size: number, signal?: AbortSignal) => requestData<TodoList>(todosPath.todos, { query: { status, size }, signal }),
  create: (body: TodoValues) => request<Todo>(todosPath.todos, { method: 'POST', json: body }),
  update: (id: string, body: TodoValues) => request<Todo>(todosPath.todo(id), { method: 'PUT', json: body }),
  done: (id: string, done: boolean) => request<Todo>(todosPath.done(id), { method: 'PUT', json: { done } }),
  remove: (id: string) => request<null>(todosPath.todo(id), { method: 'DELETE' }),
};
