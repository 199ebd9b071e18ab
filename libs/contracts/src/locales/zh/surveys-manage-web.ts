import type { DeepStrings } from './surveys.js';

/** Questionnaires — S3 the management pages: list, questionnaire form, question designer (issue 25). Kept as a part of the `surveys` namespace. */
export const surveysManageWeb = {} as const;
export type SurveysManageWebMessages = DeepStrings<typeof surveysManageWeb>;
