import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * Class-walking's refusals (messages `class-walking.errors.*`; docs/product/class-walking-and-registrations.md), each
 * stated once; the handlers and the change request's start throw from here only.
 */
export const ClassWalkingErrors = {
  /** 403 managing without `zouban:manage`, or a page of the class-walking kind the caller has no part in. */
  forbidden: () => AppException.forbidden('class-walking.errors.forbidden'),
  notFound: () => AppException.notFound('class-walking.errors.notFound'),
  /** 403 choosing by someone who is not a student of the window's grade. */
  notStudent: () => AppException.forbidden('class-walking.errors.notStudent'),
  /** 422 choosing outside the sign-up window: after it, changes go through the change request. */
  notOpen: () => AppException.unprocessable('class-walking.errors.notOpen'),
  /** 422 generating before the sign-up ends (choices may still change). */
  notEnded: () => AppException.unprocessable('class-walking.errors.notEnded'),
  /** 400 a rule of the contract's schema checked again on the server (a `validation.*` or `class-walking.validation.*` key). */
  invalid: (key: string, field: string) => AppException.badRequest(key, { field }),
  unknownCourse: () => AppException.badRequest('class-walking.errors.unknownCourse'),
  groupCount: (group: string, choose: number) => AppException.badRequest('class-walking.errors.groupCount', { group, choose }),
  courseMissing: () => AppException.badRequest('class-walking.errors.courseMissing'),
  semesterMissing: () => AppException.badRequest('class-walking.errors.semesterMissing'),
  /** 422 the rules changed or the window deleted once anyone chose (the choices were made under them). */
  hasChoices: () => AppException.unprocessable('class-walking.errors.hasChoices'),
  generated: () => AppException.unprocessable('class-walking.errors.generated'),
  /** 422 a course nobody teaches to the grade (teaching assignments of the semester): its teaching class has no teacher. */
  noTeacher: (course: string) => AppException.unprocessable('class-walking.errors.noTeacher', { course }),
  /** 403 a head teacher reading another class's progress. */
  notHeadTeacher: () => AppException.forbidden('class-walking.errors.notHeadTeacher'),
  /** 409 (spec: class size full) a change request into a course whose generated teaching classes are all full. */
  classSizeFull: () => AppException.conflict('class-walking.errors.classSizeFull'),
  sameCombination: () => AppException.unprocessable('class-walking.errors.sameCombination'),
  noChoice: () => AppException.unprocessable('class-walking.errors.noChoice'),
  stillOpen: () => AppException.unprocessable('class-walking.errors.stillOpen'),
};
