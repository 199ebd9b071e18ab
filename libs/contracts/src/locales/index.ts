import { server as zhServer } from './zh/server.js';
import { validation as zhValidation } from './zh/validation.js';
import { web as zhWeb } from './zh/web.js';
import { server as enServer } from './en/server.js';
import { validation as enValidation } from './en/validation.js';
import { web as enWeb } from './en/web.js';

/** i18next resources for both sides: namespaces `server`, `validation`, `web`. */
export const resources = {
  zh: { server: zhServer, validation: zhValidation, web: zhWeb },
  en: { server: enServer, validation: enValidation, web: enWeb },
} as const;
export type ServerMessageKey = keyof typeof zhServer;
export type ValidationMessageKey = keyof typeof zhValidation;
export type { WebMessages } from './zh/web.js';
export type { ServerMessages } from './zh/server.js';
export type { ValidationMessages } from './zh/validation.js';
