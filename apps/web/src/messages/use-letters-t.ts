import type { LettersMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

/** A key of the `letters` namespace (the message centre's written messages, docs/product/messages.md). */
export type LettersKey = MessageKey<LettersMessages>;

export const lettersText = namespaceText<LettersMessages>('letters');

/** The letters texts (`l`) and the web kit's, re-rendering the caller when the language changes. */
export const useLettersT = namespaceHook('l', lettersText);
