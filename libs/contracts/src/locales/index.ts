import { server as zhServer } from './zh/server.js';
import { validation as zhValidation } from './zh/validation.js';
import { web as zhWeb } from './zh/web.js';
import { workflow as zhWorkflow } from './zh/workflow.js';
import { messages as zhMessages } from './zh/messages.js';
import { excel as zhExcel } from './zh/excel.js';
import { documents as zhDocuments } from './zh/documents.js';
import { resource as zhResource } from './zh/resource.js';
import { grades as zhGrades } from './zh/grades.js';
import { timetable as zhTimetable } from './zh/timetable.js';
import { server as enServer } from './en/server.js';
import { validation as enValidation } from './en/validation.js';
import { web as enWeb } from './en/web.js';
import { workflow as enWorkflow } from './en/workflow.js';
import { messages as enMessages } from './en/messages.js';
import { excel as enExcel } from './en/excel.js';
import { documents as enDocuments } from './en/documents.js';
import { resource as enResource } from './en/resource.js';
import { grades as enGrades } from './en/grades.js';
import { timetable as enTimetable } from './en/timetable.js';

/** i18next resources for both sides: namespaces `server`, `validation`, `web`, `workflow`, `messages`, `excel`, `documents`, `resource`, `grades`, `timetable`. */
export const resources = {
  zh: { server: zhServer, validation: zhValidation, web: zhWeb, workflow: zhWorkflow, messages: zhMessages, excel: zhExcel, documents: zhDocuments, resource: zhResource, grades: zhGrades, timetable: zhTimetable },
  en: { server: enServer, validation: enValidation, web: enWeb, workflow: enWorkflow, messages: enMessages, excel: enExcel, documents: enDocuments, resource: enResource, grades: enGrades, timetable: enTimetable },
} as const;
export type ServerMessageKey = keyof typeof zhServer;
export type ValidationMessageKey = keyof typeof zhValidation;
export type { WebMessages } from './zh/web.js';
export type { ResourceMessages } from './zh/resource.js';
export type { GradesMessages } from './zh/grades.js';
export type { TimetableMessages } from './zh/timetable.js';
export type { ServerMessages } from './zh/server.js';
export type { ValidationMessages } from './zh/validation.js';
