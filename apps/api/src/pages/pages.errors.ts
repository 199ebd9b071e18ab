import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * The custom pages' refusals (messages `pages.errors.*`; docs/product/office.md#custom-pages), each stated once — the
 * use cases throw from here only.
 */
export const PagesErrors = {
  /** 403: building, saving, publishing, deleting pages needs pages:manage. */
  forbidden: () => AppException.forbidden('pages.errors.forbidden'),
  /**
   * 404: no such page, an id that is no uuid, or one the reader may not see (not published, or carried by no menu of
   * their roles): its existence is not told.
   */
  notFound: () => AppException.notFound('pages.errors.notFound'),
  /** 404: a version that was never kept, or has been dropped (the last ten are kept). */
  versionNotFound: () => AppException.notFound('pages.errors.versionNotFound'),
  /** 409: a save made from a version older than the current one (another editor saved in between). */
  staleVersion: () => AppException.conflict('pages.errors.staleVersion'),
  /** 400: a picture card's file that is not the editor's own upload (nor already on this page). */
  pictureNotYours: () => AppException.badRequest('pages.errors.pictureNotYours'),
  /** 404: a chart source that is not one of CHART_SOURCES. */
  sourceUnknown: () => AppException.notFound('pages.errors.sourceUnknown'),
};
