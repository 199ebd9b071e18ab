import { type AnonSurveyPage, anonSurveysPath, SURVEY_DEVICE_HEADER, type SurveyAnswered, type SurveyAnswersBody, type SurveyPaper, surveysPath } from '@schoolflow/contracts';
import { requestBlob, requestData } from '../../api/http.js';
import { deviceTokens } from './device-tokens.js';

/**
 * Query keys of answering. Everything under `surveys/answering`: an answer marks the lists and that paper stale
 * together. Names and category names come in the caller's language, hence `lang` in the keys.
 */
export const surveyAnswerKeys = {
  all: ['surveys', 'answering'] as const,
  open: (lang: string) => ['surveys', 'answering', 'open', lang] as const,
  mine: (current: number, size: number, lang: string) => ['surveys', 'answering', 'mine', current, size, lang] as const,
  paperOf: (id: string) => ['surveys', 'answering', 'paper', id] as const,
  paper: (id: string, preview: boolean) => ['surveys', 'answering', 'paper', id, preview] as const,
  picture: (id: string, resId: string) => ['surveys', 'answering', 'picture', id, resId] as const,
};

/** The calls of answering (docs/product/questionnaires.md#answering); the device token rides along where it is kept. */
export const answeringClient = {
  open(signal?: AbortSignal): Promise<AnonSurveyPage> {
    return requestData<AnonSurveyPage>(anonSurveysPath.list, { signal });
  },
  mine(current: number, size: number, signal?: AbortSignal): Promise<AnonSurveyPage> {
    return requestData<AnonSurveyPage>(surveysPath.mine, { query: { current, size }, signal });
  },
  async paper(id: string, preview: boolean, signal?: AbortSignal): Promise<SurveyPaper> {
    const held = deviceTokens.get(id);
    const paper = await requestData<SurveyPaper>(anonSurveysPath.one(id), { query: { preview: preview ? 1 : undefined }, headers: held ? { [SURVEY_DEVICE_HEADER]: held } : {}, signal });
    // the token issued with the paper is this browser's answer once; kept so a reload answers as the same device
    if (paper.deviceToken) deviceTokens.set(id, paper.deviceToken);
    return paper;
  },
  answer(id: string, body: SurveyAnswersBody): Promise<SurveyAnswered> {
    const held = deviceTokens.get(id);
    return requestData<SurveyAnswered>(anonSurveysPath.answers(id), { method: 'POST', json: body, headers: held ? { [SURVEY_DEVICE_HEADER]: held } : {} });
  },
  picture(id: string, resId: string, signal?: AbortSignal): Promise<Blob> {
    return requestBlob(`${anonSurveysPath.one(id)}/pictures/${resId}`, signal);
  },
};
