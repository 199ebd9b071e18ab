import { ErrorCode } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 人脸识别's refusals (messages `faces.errors.*`; docs/product/campus-life.md#face-recognition), each stated once —
 * the use cases and the engine throw from here only.
 */
export const FacesErrors = {
  /** 403: the settings, the groups, others' faces need face:manage. */
  forbidden: () => AppException.forbidden('faces.errors.forbidden'),
  registerForbidden: () => AppException.forbidden('faces.errors.registerForbidden'),
  notFound: () => AppException.notFound('faces.errors.notFound'),
  userNotFound: (account: string) => AppException.badRequest('faces.errors.userNotFound', { account }),
  groupNotFound: () => AppException.notFound('faces.errors.groupNotFound'),
  groupNameTaken: (name: string) => AppException.conflict('faces.errors.groupNameTaken', { name }),
  accountsUnknown: (accounts: string[]) => AppException.badRequest('faces.errors.accountsUnknown', { accounts: accounts.join(', ') }),
  /** 409: FACE_LIMITS.perPerson registered already. */
  tooMany: (max: number) => AppException.conflict('faces.errors.tooMany', { max }),
  /** 400: the capture has no face the detector is sure of. */
  noFace: () => AppException.badRequest('faces.errors.noFace'),
  manyFaces: (count: number) => AppException.badRequest('faces.errors.manyFaces', { count }),
  faceTooSmall: (size: number) => AppException.badRequest('faces.errors.faceTooSmall', { size }),
  /** 400: liveness on, and the antispoof or liveness model judged it no live face. */
  notLive: () => AppException.badRequest('faces.errors.notLive'),
  badImage: () => AppException.badRequest('faces.errors.badImage'),
  imageTooLarge: (max: number) => AppException.badRequest('faces.errors.imageTooLarge', { max }),
  /** 429: captures waiting for the model, at the limit. */
  busy: () => AppException.tooMany('faces.errors.busy'),
  /** 503: the model failed to load or to answer in time. */
  unavailable: () => new AppException(503, ErrorCode.UNAVAILABLE, 'faces.errors.unavailable'),
  faceCheckinOff: () => AppException.conflict('faces.errors.faceCheckinOff'),
  notRegistered: () => AppException.conflict('faces.errors.notRegistered'),
  notInGroup: (group: string) => AppException.forbidden('faces.errors.notInGroup', { group }),
  /** 400: the capture is not the caller's registered face (or is nearer someone else's of the group). */
  mismatch: (similarity: number, threshold: number) => AppException.badRequest('faces.errors.mismatch', { similarity: similarity.toFixed(2), threshold: threshold.toFixed(2) }),
};
