import type { EvaluationsMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../../util/namespace-text.js';

/** A key of the `evaluations` namespace (the final-term page's texts are under `final.`). */
export type EvaluationsKey = MessageKey<EvaluationsMessages>;

export const evaluationsText = namespaceText<EvaluationsMessages>('evaluations');

/** The evaluations texts (`e`) and the web kit's, re-rendering the caller when the language changes. */
export const useFinalT = namespaceHook('e', evaluationsText);
