import type { SurveysAnswerMessages } from '../zh/surveys-answer.js';

export const surveysAnswer: SurveysAnswerMessages = {};
