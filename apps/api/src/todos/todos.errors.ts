import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The to-dos' refusals (messages `server.todo*`; docs/product/office.md#to-dos), each stated once — the use cases throw
 * from here only.
 */
export const TodosErrors = {
  /** 404: no such to-do, someone else's (a to-do is its owner's alone: another's is not said to exist), or an id that is no uuid. */
  notFound: () => AppException.notFound('todoNotFound'),
};
