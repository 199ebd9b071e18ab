import { PICTURE_LIMITS } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

const MB = Math.round(PICTURE_LIMITS.bytes / 1024 / 1024);

/** 图片管理's refusals (messages `pictures.errors.*`; docs/product/campus-life.md#pictures), each stated once — the use cases throw from here only. */
export const PicturesErrors = {
  /** 404: also an album the caller may not see (its existence is not told), and an id that is no uuid. */
  notFound: () => new AppException(404, 404, 'pictures.errors.notFound'),
  /** 403: editing an album one sees but does not manage (a school album without pictures:manage). */
  forbidden: () => new AppException(403, 403, 'pictures.errors.forbidden'),
  /** 403: a class album of a class one is not the head teacher of, without pictures:manage; a school or activity album without it. */
  classForbidden: () => new AppException(403, 403, 'pictures.errors.classForbidden'),
  classUnknown: () => AppException.badRequest('pictures.errors.classUnknown'),
  roleUnknown: (code: string) => AppException.badRequest('pictures.errors.roleUnknown', { code }),
  /** 400: a file that is not the caller's own upload (or was removed). */
  notYours: () => AppException.badRequest('pictures.errors.notYours'),
  /** 400: a file that is no JPG/PNG by its content, or larger than the limit. */
  notPicture: () => AppException.badRequest('pictures.errors.notPicture', { mb: MB }),
  albumFull: () => AppException.badRequest('pictures.errors.albumFull', { max: PICTURE_LIMITS.perAlbum }),
  orderMismatch: () => AppException.badRequest('pictures.errors.orderMismatch'),
  /** 409: the picture is attached to a post (`title`: the post's); the post's record needs it. */
  usedByPost: (title: string) => AppException.conflict('pictures.errors.usedByPost', { title }),
  albumUsedByPost: (title: string) => AppException.conflict('pictures.errors.albumUsedByPost', { title }),
};
