import type { Language, SurveyCategory, SurveysMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../../util/namespace-text.js';

/** A key of the `surveys` namespace: kinds, states, refusals, and each part's page texts (`manage.*` here). */
export type SurveysKey = MessageKey<SurveysMessages>;

export const surveysText = namespaceText<SurveysMessages>('surveys');

/** The questionnaire texts (`s`) and the web kit's, re-rendering the caller when the language changes. */
export const useSurveysT = namespaceHook('s', surveysText);

/** A category of the dictionary in the caller's language (its English name when it has one). */
export const categoryLabel = (c: SurveyCategory, lang: Language): string => (lang === 'en' && c.nameEn ? c.nameEn : c.name);
