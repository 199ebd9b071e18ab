/**
 * Routes the web app renders without a session. Kept apart from their areas' contracts, whose zod schemas would
 * otherwise come along into the first script every visitor loads: the sign-in page must not carry zod
 * (docs/adr/0033-sign-in-page-weight.md).
 */

/** The consultation visitor's page (platform shell §2.1, reachable without sign-in; docs/product/consultation.md). */
export const CONSULT_VISITOR_ROUTE = '/onlineConsult/visitor';

/** Questionnaires' public pages: the author's preview, the public list, answering (docs/adr/0038-questionnaires.md#routes). */
export const SURVEY_PUBLIC_ROUTES = ['/survey/cjwj/perviewWJ', '/survey/wjdt/wjdtListNotLogin', '/survey/wjdt/answerSurvey'] as const;
