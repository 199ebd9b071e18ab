import { SURVEY_PUBLIC_ROUTES } from '@schoolflow/contracts';

/** The pages of answering (platform shell §2.1; docs/adr/0038-questionnaires.md#routes). */
export const [PREVIEW_ROUTE, PUBLIC_LIST_ROUTE, ANSWER_ROUTE] = SURVEY_PUBLIC_ROUTES;
export const answerSurveyPage = (id: string): string => `${ANSWER_ROUTE}?id=${encodeURIComponent(id)}`;
export const previewSurveyPage = (id: string): string => `${PREVIEW_ROUTE}?id=${encodeURIComponent(id)}`;
/** The signed-in list, and a paper answered inside the shell. */
export const MY_SURVEYS_ROUTE = '/survey/wjdt';
export const mySurveyPage = (id: string): string => `${MY_SURVEYS_ROUTE}?id=${encodeURIComponent(id)}`;
