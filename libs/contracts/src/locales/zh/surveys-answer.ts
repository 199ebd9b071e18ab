import type { DeepStrings } from './surveys.js';

/** Questionnaires — S2 answering: the public list, the paper, answering pages (issue 25). Kept as a part of the `surveys` namespace. */
export const surveysAnswer = {} as const;
export type SurveysAnswerMessages = DeepStrings<typeof surveysAnswer>;
