import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * Online consultation's refusals (messages `consult.errors.*`; docs/product/consultation.md), each stated once — the
 * REST handlers and the socket gateway throw or answer from here only.
 */
export const ConsultErrors = {
  /** 403: the caller does not hold `consult:answer` (ConsultAccess, logged). */
  forbidden: () => AppException.forbidden('consult.errors.forbidden'),
  /** 404: no such conversation (also for an id that is not one). */
  notFound: () => AppException.notFound('consult.errors.notFound'),
  /** 409: another agent accepted first (the database's `WHERE state = 'queued'`, conversations.repository accept). */
  taken: () => AppException.conflict('consult.errors.taken'),
  /** 403: an active conversation held by another agent (send, transfer, close check `agent_id`). */
  notYours: () => AppException.forbidden('consult.errors.notYours'),
  /** 409: the conversation was closed meanwhile. */
  closed: () => AppException.conflict('consult.errors.closed'),
  /** 401-like for visitors: a token the server did not issue, or none (the page starts afresh). */
  tokenInvalid: () => AppException.badRequest('consult.errors.tokenInvalid'),
  /** 429: the visitor's token or address sent CONSULT_MESSAGE_LIMIT / CONSULT_ADDRESS_MESSAGE_LIMIT in the window. */
  tooManyMessages: () => AppException.tooMany('consult.errors.tooManyMessages'),
  /** 429: CONSULT_ADDRESS_SESSION_LIMIT conversations started from the address in the window. */
  tooManySessions: () => AppException.tooMany('consult.errors.tooManySessions'),
  /** 400: a transfer to someone who is not an agent online. */
  agentInvalid: () => AppException.badRequest('consult.errors.agentInvalid'),
  sameAgent: () => AppException.badRequest('consult.errors.sameAgent'),
};
