import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The base-data resources' refusals (docs/product/base-data.md), each stated once. A declaration gives the words of
 * its own unique keys, checks and "in use" (`ResourceDef.unique`, `.checks`, `.inUse`, `.refuseDelete`): these state
 * the status they are answered with. `field` (the envelope's `data.field`) names the form's field; `fieldName` the
 * same field in the caller's language, for the message.
 */
export const ResourceErrors = {
  /** 404: a record (or an id that cannot be one) not there. */
  notFound: () => AppException.notFound('resource.messages.notFound'),
  /** 400: a choice (a filter, a reference) that names nothing. */
  fieldChoose: (field: string | undefined, fieldName: string) => AppException.badRequest('validation.fieldChoose', { field: fieldName }).withData({ field }),
  /** 400: a photo that is not a picture of the accepted kinds and size. */
  photoInvalid: (field: string, fieldName: string, message = 'validation.photoInvalid') => AppException.badRequest(message, { field: fieldName }).withData({ field }),
  /** 400: an option source's ids, the first bad one named. */
  idsInvalid: (value: string) => AppException.badRequest('validation.idsInvalid', { value }).withData({ field: 'ids' }),
  /** 400: a CHECK constraint the declaration does not name. */
  invalid: () => AppException.badRequest('validation.invalid'),
  /** 400: a CHECK constraint the declaration names (its words). */
  checkFailed: (message: string, field: string, fieldName: string) => AppException.badRequest(message, { field: fieldName }).withData({ field }),
  /** 409: a unique key (or an exclusion constraint) taken — "…已被使用" in the declaration's words. */
  taken: (message: string, field: string | undefined) => AppException.conflict(message).withData({ field }),
  /** 409: a record still referenced (the declaration's words, else the common ones). */
  inUse: (message = 'resource.messages.inUse') => AppException.conflict(message),
  /** 409: a record the declaration keeps (`refuseDelete`: a flag on it says so). */
  notDeletable: (message: string) => AppException.conflict(message),
  /** 409: a year's student numbers all used (999 a year and prefix). */
  studentNoExhausted: () => AppException.conflict('resource.messages.studentNoExhausted'),
};
