import type { AppException } from '../../infrastructure/http/app-exception.js';
import { OrganisationsErrors } from '../organisations.errors.js';

/** A term overlapping another of the same person (the exclusion constraint, behind the rules' own check). */
export function isOverlap(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23P01';
}

/** What a member change's transaction answers: its refusal (nothing written), or what it wrote. */
export type Outcome<T> = { refused: AppException } | { done: T };

/** The rules' refusal keys as the errors they answer. */
export const refusalOf = (key: 'personUnknown' | 'wrongPerson' | 'notEnrolled' | 'overlap' | 'endBeforeStart' | 'sameRole' | 'startNotAfter' | 'termEnded'): AppException => OrganisationsErrors[key]();
