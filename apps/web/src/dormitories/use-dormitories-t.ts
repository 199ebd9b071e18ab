import type { DormitoriesMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type DormitoriesKey = MessageKey<DormitoriesMessages>;

export const dormitoriesText = namespaceText<DormitoriesMessages>('dormitories');

/** 宿舍管理's texts (`d`) and the web kit's, re-rendering the caller when the language changes. */
export const useDormitoriesT = namespaceHook('d', dormitoriesText);
