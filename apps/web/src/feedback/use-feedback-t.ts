import type { FeedbackMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type FeedbackKey = MessageKey<FeedbackMessages>;

export const feedbackText = namespaceText<FeedbackMessages>('feedback');

/** 用户反馈's texts (`f`) and the web kit's, re-rendering the caller when the language changes. */
export const useFeedbackT = namespaceHook('f', feedbackText);
