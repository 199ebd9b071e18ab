import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The files module's refusals (uploads, docs/product/shell-and-sign-in.md#file-limits), each stated once. A form may give its own words for
 * "no file", "not that type" and "too large" (`UploadLimits.messages`): those factories take them.
 */
export const FilesErrors = {
  /** 429: this user's uploads in flight are at the limit (`count`: how many). */
  uploadBusy: (count: number) => new AppException(429, 429, 'uploadBusy', { count }),
  /** 400: the request is larger than one upload may be (`mb`: the limit). */
  uploadRequestTooLarge: (mb: number) => AppException.badRequest('uploadRequestTooLarge', { mb }),
  /** 400: beyond the user's quota (`mb`: the quota). */
  uploadQuota: (mb: number) => AppException.badRequest('uploadQuota', { mb }),
  /** 507: the server's disk would be too full. */
  uploadNoSpace: () => new AppException(507, 507, 'uploadNoSpace'),
  /** 400: no file (or not multipart at all). */
  fileRequired: (key = 'fileRequired') => AppException.badRequest(key),
  /** 400: the content is not what its extension says. */
  fileTypeMismatch: (ext: string) => AppException.badRequest('fileTypeMismatch', { ext }),
  fileTooMany: (limit: number) => AppException.badRequest('fileTooMany', { limit }),
  /** 400: an extension the form does not take (`types`: those it does). */
  fileTypeNotAllowed: (types: string, key = 'fileTypeNotAllowed') => AppException.badRequest(key, { types }),
  /** 400: beyond the form's size limit (`max`: in KB). */
  fileTooLarge: (max: number, key = 'fileTooLarge') => AppException.badRequest(key, { max }),
  fileEmpty: () => AppException.badRequest('fileEmpty'),
  /** 400: a multipart body that is not an upload of ours (fields, or broken). */
  notAnUpload: () => AppException.badRequest('badRequest'),
};
