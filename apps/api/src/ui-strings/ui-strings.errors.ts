import { AppException } from '../infrastructure/http/app-exception.js';

/**
 * 界面语言's refusals (messages `languages.errors.*`; docs/product/administration.md#interface-languages), each stated
 * once — the use cases throw from here only.
 */
export const UiStringsErrors = {
  /** 403: reading the strings, overriding, exporting and importing need i18n:manage. */
  forbidden: () => AppException.forbidden('languages.errors.forbidden'),
  /** 400: a key the shipped bundles of that language and namespace do not have. */
  unknownKey: (namespace: string, key: string) => AppException.badRequest('languages.errors.unknownKey', { namespace, key }),
  /** 400: the override leaves out `{{placeholders}}` (or `$t()` nestings) of the shipped string. */
  placeholdersDropped: (missing: readonly string[]) => AppException.badRequest('languages.errors.placeholdersDropped', { missing: missing.join(', ') }),
};
