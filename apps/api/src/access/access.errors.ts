import { AppException } from '../infrastructure/http/app-exception.js';
import type { SqlShape } from './domain/sql-lexer.js';

/** Each static refusal of a dynamic role's SQL, by the shape sql-lexer.ts finds (its rules are stated there). */
const SHAPE_REFUSAL: Record<Exclude<SqlShape, 'ok'>, string> = {
  unterminated: 'dynamicSqlUnterminated',
  multiple: 'dynamicSqlMultiple',
  'not-a-query': 'dynamicSqlSelectOnly',
  writes: 'dynamicSqlReadOnly',
};

/**
 * The access module's refusals (a dynamic role's SQL or procedure, docs/product/administration.md#dynamic-roles), each stated once. All 400 — the
 * administrator's text is wrong — but 503 when the sandbox cannot run anything (the database away, its account refused).
 */
export const AccessErrors = {
  /** 400: the SQL's shape, read before it runs (an unterminated string, two statements, not a query, a write). */
  sqlShape: (shape: Exclude<SqlShape, 'ok'>) => AppException.badRequest(SHAPE_REFUSAL[shape]),
  dynamicSqlRequired: () => AppException.badRequest('dynamicSqlRequired'),
  /** 400: the query answers no `user_id` column. */
  dynamicSqlNoUserId: () => AppException.badRequest('dynamicSqlNoUserId'),
  procedureName: () => AppException.badRequest('procedureName'),
  procedureNotFound: () => AppException.badRequest('procedureNotFound'),
  /** 400: not (in, in, out) — the two parameters the runner passes and the users it answers. */
  procedureParams: () => AppException.badRequest('procedureParams'),
  /** 400: SECURITY DEFINER, or not executable by the sandbox's account. */
  procedureUnsafe: () => AppException.badRequest('procedureUnsafe'),
  /** 503: the sandbox's connection, not the statement (the database restarting, its account refused, out of connections). */
  dynamicSqlUnavailable: () => new AppException(503, 503, 'dynamicSqlUnavailable'),
  dynamicSqlTimeout: (ms: number) => AppException.badRequest('dynamicSqlTimeout', { ms }),
  dynamicSqlReadOnly: () => AppException.badRequest('dynamicSqlReadOnly'),
  dynamicSqlMultiple: () => AppException.badRequest('dynamicSqlMultiple'),
  dynamicSqlSyntax: (position: number) => AppException.badRequest('dynamicSqlSyntax', { position }),
  /** 400: a relation outside the views the sandbox may read (`views`: those it may). */
  dynamicSqlUnknownRelation: (views: string) => AppException.badRequest('dynamicSqlUnknownRelation', { views }),
  dynamicSqlUnknownColumn: () => AppException.badRequest('dynamicSqlUnknownColumn'),
  dynamicSqlUnknownFunction: () => AppException.badRequest('dynamicSqlUnknownFunction'),
  dynamicSqlForbidden: (views: string) => AppException.badRequest('dynamicSqlForbidden', { views }),
  /** 400: any other SQLSTATE of the statement (named by its code; the database's text is never passed on). */
  dynamicSqlFailed: (code: string) => AppException.badRequest('dynamicSqlFailed', { code }),
};
