import type { KnowledgeMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type KnowledgeKey = MessageKey<KnowledgeMessages>;

export const knowledgeText = namespaceText<KnowledgeMessages>('knowledge');

/** 知识库's texts (`k`) and the web kit's, re-rendering the caller when the language changes. */
export const useKnowledgeT = namespaceHook('k', knowledgeText);
