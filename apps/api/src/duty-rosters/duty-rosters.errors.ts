import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 值岗安排's refusals (messages `duty.errors.*`; docs/product/office.md#duty-rosters), each stated once — the use cases
 * and the swap's start throw from here only.
 */
export const DutyErrors = {
  /** 403: managing posts, rosters or leave without `duty:manage`. */
  forbidden: () => AppException.forbidden('duty.errors.forbidden'),
  /** 404: no such roster (a draft is not shown to those who do not manage). */
  notFound: () => AppException.notFound('duty.errors.notFound'),
  /** 409: a published roster is changed only by swaps. */
  notDraft: () => AppException.conflict('duty.errors.notDraft'),
  postUnknown: () => AppException.badRequest('duty.errors.postUnknown'),
  teacherUnknown: () => AppException.badRequest('duty.errors.teacherUnknown'),
  dayNotInRoster: () => AppException.badRequest('duty.errors.dayNotInRoster'),
  teacherBusy: (name: string) => AppException.conflict('duty.errors.teacherBusy', { name }),
  noTeachersFree: () => AppException.unprocessable('duty.errors.noTeachersFree'),
  nothingToPublish: () => AppException.unprocessable('duty.errors.nothingToPublish'),
  rangeTaken: (title: string) => AppException.conflict('duty.errors.rangeTaken', { title }),
  /** The swap's start. */
  dutyNotFound: () => AppException.notFound('duty.errors.dutyNotFound'),
  notYourDuty: () => AppException.forbidden('duty.errors.notYourDuty'),
  notTheirDuty: () => AppException.unprocessable('duty.errors.notTheirDuty'),
  dutyPast: () => AppException.unprocessable('duty.errors.dutyPast'),
  notPublished: () => AppException.unprocessable('duty.errors.notPublished'),
  swapClash: (name: string) => AppException.unprocessable('duty.errors.swapClash', { name }),
  swapAbsent: (name: string) => AppException.unprocessable('duty.errors.swapAbsent', { name }),
  swapPending: () => AppException.conflict('duty.errors.swapPending'),
  /** 用车预订's start. */
  vehicleUnknown: () => AppException.unprocessable('duty.vehicle.errors.vehicleUnknown'),
  tooManyPassengers: (seats: number) => AppException.unprocessable('duty.vehicle.errors.tooManyPassengers', { seats }),
  vehicleStartPast: () => AppException.unprocessable('duty.vehicle.errors.startPast'),
};
