import type { SurveysMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../../util/namespace-text.js';

/** A key of the `surveys` namespace (answering's texts are under `answer.`). */
export type SurveysKey = MessageKey<SurveysMessages>;

export const surveysText = namespaceText<SurveysMessages>('surveys');

/** The questionnaire texts (`s`) and the web kit's, re-rendering the caller when the language changes. */
export const useSurveysT = namespaceHook('s', surveysText);
