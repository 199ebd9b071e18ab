import type { PagesMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type PagesKey = MessageKey<PagesMessages>;

export const pagesText = namespaceText<PagesMessages>('pages');

/** 自定义页面's texts (`pg`) and the web kit's, re-rendering the caller when the language changes. */
export const usePagesT = namespaceHook('pg', pagesText);
