import { resources } from '@schoolflow/contracts';
import { AppException } from '../infrastructure/http/app-exception.js';

type SelectorField = 'listSelector' | 'titleSelector' | 'linkSelector' | 'dateSelector' | 'contentSelector';

/** 栏目采集's refusals (messages `publishing.columns.errors.*`, `publishing.columns.fetch.*`), each stated once. */
export const SpiderErrors = {
  /** 403: columns need spider:manage (logged). */
  forbidden: () => AppException.forbidden('publishing.columns.errors.forbidden'),
  /** 404: no such column, or an id that is no uuid. */
  notFound: () => AppException.notFound('publishing.columns.errors.notFound'),
  itemNotFound: () => AppException.notFound('publishing.columns.errors.itemNotFound'),
  nameTaken: () => AppException.conflict('publishing.columns.errors.nameTaken'),
  /** 400: a selector that is not CSS; `field` is the form's label of it. */
  selectorInvalid: (field: SelectorField) =>
    AppException.badRequest('publishing.columns.errors.selectorInvalid', { field: { zh: resources.zh.publishing.columns.form[field], en: resources.en.publishing.columns.form[field] } }).withData({ field }),
  /** 422: the list selector matched nothing on the page. */
  nothingFound: (selector: string) => AppException.unprocessable('publishing.columns.errors.nothingFound', { selector }),
  /** 422: items matched, none with a link. */
  noLinks: (found: number, selector: string) => AppException.unprocessable('publishing.columns.errors.noLinks', { found, selector }),
  /** 422: the page could not be read (an internal address, not HTML, a timeout…): `key` is `publishing.columns.fetch.*`. */
  fetch: (key: string, params: Record<string, unknown>) => AppException.unprocessable(key, params),
  /** 409: an item published or ignored already. */
  itemDecided: () => AppException.conflict('publishing.columns.errors.itemDecided'),
};
