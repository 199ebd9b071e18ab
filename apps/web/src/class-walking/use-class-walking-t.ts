import type { ClassWalkingMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type ClassWalkingKey = MessageKey<ClassWalkingMessages>;

export const classWalkingText = namespaceText<ClassWalkingMessages>('class-walking');

/** 走班管理's texts (`cw`) and the web kit's, re-rendering the caller when the language changes. */
export const useClassWalkingT = namespaceHook('cw', classWalkingText);
