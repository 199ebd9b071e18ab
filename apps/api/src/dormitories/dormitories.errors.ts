import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 宿舍管理's refusals (messages `dormitories.errors.*`; docs/product/campus-life.md#dormitories), each stated once — the
 * use cases throw from here only. The rooms' and buildings' own (duplicates, in use, effective beds) are the kit's.
 */
export const DormitoryErrors = {
  /** 403: allocating beds needs dormitories:edit; reading beds and histories dormitories:list. */
  forbidden: () => AppException.forbidden('dormitories.errors.forbidden'),
  /** 403: inspections and night records need dormitories:records (a head teacher only reads their classes' night records). */
  recordsForbidden: () => AppException.forbidden('dormitories.errors.recordsForbidden'),
  roomNotFound: () => AppException.notFound('dormitories.errors.roomNotFound'),
  studentNotFound: () => AppException.notFound('dormitories.errors.studentNotFound'),
  /** 422: a day student has no bed (a boarding student is someone with a bed). */
  notBoarder: () => AppException.unprocessable('dormitories.errors.notBoarder'),
  /** 422: suspended, transferred out, graduated. */
  notEnrolled: () => AppException.unprocessable('dormitories.errors.notEnrolled'),
  genderMismatch: () => AppException.unprocessable('dormitories.errors.genderMismatch'),
  roomDisabled: () => AppException.unprocessable('dormitories.errors.roomDisabled'),
  /** 422: a bed number above the room's effective beds — the spec's rule holds for one bed as for many. */
  bedOutOfUse: () => AppException.unprocessable('dormitories.errors.bedOutOfUse'),
  /** 409: someone sleeps there (also when two take it at once: the second finds it taken). */
  bedTaken: () => AppException.conflict('dormitories.errors.bedTaken'),
  alreadyInBed: () => AppException.conflict('dormitories.errors.alreadyInBed'),
  /** 409: unassigning or removing a student who has no bed. */
  noBed: () => AppException.conflict('dormitories.errors.noBed'),
  /** 400: an inspection's day after today (docs/product/campus-life.md#inspections). */
  inspectionFuture: () => AppException.badRequest('dormitories.errors.inspectionFuture'),
  photoNotYours: () => AppException.badRequest('dormitories.errors.photoNotYours'),
  photoInvalid: () => AppException.badRequest('dormitories.errors.photoInvalid'),
};
