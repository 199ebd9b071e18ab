import type { SurveysResultsMessages } from '../zh/surveys-results.js';

export const surveysResults: SurveysResultsMessages = {};
