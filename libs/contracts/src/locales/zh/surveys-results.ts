import type { DeepStrings } from './surveys.js';

/** Questionnaires — S4 results: statistics, charts, text answers, export, per-teacher summary (issue 25). Kept as a part of the `surveys` namespace. */
export const surveysResults = {} as const;
export type SurveysResultsMessages = DeepStrings<typeof surveysResults>;
