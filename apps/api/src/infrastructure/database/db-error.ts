import { QueryFailedError } from 'typeorm';

/** What PostgreSQL said when it refused a statement: its SQLSTATE and, for a constraint, the constraint's name. */
export interface DbError {
  code?: string;
  constraint?: string;
  column?: string;
}

/** The database's refusal inside a TypeORM error, or null for anything else. */
export function dbErrorOf(err: unknown): DbError | null {
  return err instanceof QueryFailedError ? ((err as QueryFailedError & { driverError: DbError }).driverError ?? null) : null;
}
