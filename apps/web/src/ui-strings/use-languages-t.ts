import type { LanguagesMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type LanguagesKey = MessageKey<LanguagesMessages>;

export const languagesText = namespaceText<LanguagesMessages>('languages');

/** 界面语言's texts (`l`) and the web kit's, re-rendering the caller when the language changes. */
export const useLanguagesT = namespaceHook('l', languagesText);
