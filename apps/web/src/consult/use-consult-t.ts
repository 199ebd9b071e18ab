import type { ConsultMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type ConsultKey = MessageKey<ConsultMessages>;
export const consultText = namespaceText<ConsultMessages>('consult');

/** Consultation's texts (`c`) and the web kit's, re-rendering the caller when the language changes. */
export const useConsultT = namespaceHook('c', consultText);
