import { en } from './en/index.js';
import { zh } from './zh/index.js';
import type { server as zhServer } from './zh/server.js';
import type { validation as zhValidation } from './zh/validation.js';

/** i18next resources for both sides: namespaces `server`, `validation`, `web`, `workflow`, `messages`, `excel`, `documents`, `resource`, `grades`, `timetable`, `publishing`, `surveys`, `consult`, `evaluations`, `letters`, `channels`, `class-walking`, `registrations`, `electives`, `feedback`, `health`. */
export const resources = { zh, en } as const;
export type ServerMessageKey = keyof typeof zhServer;
export type ValidationMessageKey = keyof typeof zhValidation;
export type { WebMessages } from './zh/web.js';
export type { ResourceMessages } from './zh/resource.js';
export type { GradesMessages } from './zh/grades.js';
export type { TimetableMessages } from './zh/timetable.js';
export type { PublishingMessages } from './zh/publishing.js';
export type { SurveysMessages } from './zh/surveys.js';
export type { ConsultMessages } from './zh/consult.js';
export type { EvaluationsMessages } from './zh/evaluations.js';
export type { LettersMessages } from './zh/letters.js';
export type { ChannelsMessages } from './zh/channels.js';
export type { ClassWalkingMessages } from './zh/class-walking.js';
export type { RegistrationsMessages } from './zh/registrations.js';
export type { ElectivesMessages } from './zh/electives.js';
export type { FeedbackMessages } from './zh/feedback.js';
export type { HealthMessages } from './zh/health.js';
export type { ServerMessages } from './zh/server.js';
export type { ValidationMessages } from './zh/validation.js';
