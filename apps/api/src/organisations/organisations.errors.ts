import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 学生组织's refusals (messages `organisations.errors.*`; docs/product/campus-life.md#organisations), each stated once —
 * the use cases and the join request's start throw from here only. The bodies' own (duplicates, in use) are the
 * resource kit's; a join request's decisions (only its advisor, a refusal needs a reason) are the flow's rules.
 */
export const OrganisationsErrors = {
  /** 403: managing members or activities without being the body's advisor or holding organisations:manage. */
  forbidden: () => AppException.forbidden('organisations.errors.forbidden'),
  /** 404: no such body (also a disabled one, to those who may not manage it). */
  notFound: () => AppException.notFound('organisations.errors.notFound'),
  memberNotFound: () => AppException.notFound('organisations.errors.memberNotFound'),
  /** 422: a disabled body takes no new members, requests or activities. */
  disabled: () => AppException.unprocessable('organisations.errors.disabled'),
  /** 422: asking to join a body that does not exist. */
  joinUnknown: () => AppException.unprocessable('organisations.errors.notFound'),
  /** 400: the person named is no enabled student or parent account. */
  personUnknown: () => AppException.badRequest('organisations.errors.personUnknown'),
  /** 422: a parent for a student body, a student for the parent committee. */
  wrongPerson: () => AppException.unprocessable('organisations.errors.wrongPerson'),
  /** 422: a student who is not enrolled. */
  notEnrolled: () => AppException.unprocessable('organisations.errors.notEnrolled'),
  /** 409: a term overlapping another of the same person in the body. */
  overlap: () => AppException.conflict('organisations.errors.overlap'),
  /** 422: a new role from a day not after the current term began. */
  startNotAfter: () => AppException.unprocessable('organisations.errors.startNotAfter'),
  /** 422: changing or ending a term that had ended before that day. */
  termEnded: () => AppException.unprocessable('organisations.errors.termEnded'),
  sameRole: () => AppException.unprocessable('organisations.errors.sameRole'),
  /** 422: a term's end before its start. */
  endBeforeStart: () => AppException.unprocessable('organisations.errors.endBeforeStart'),
  /** 403: a student asking for the parent committee, a parent for a student body, a teacher for any. */
  notForYou: () => AppException.forbidden('organisations.errors.notForYou'),
  /** 409: a member asking to join again; a second request while one waits. */
  alreadyMember: () => AppException.conflict('organisations.errors.alreadyMember'),
  requestPending: () => AppException.conflict('organisations.errors.requestPending'),
  /** 422: nobody to decide (the advisor's account disabled, or the applicant is the advisor). */
  advisorUnavailable: () => AppException.unprocessable('organisations.errors.advisorUnavailable'),
  /** 422: an activity for the members of a body that has none. */
  noMembers: () => AppException.unprocessable('organisations.errors.noMembers'),
};
