import type { DutyMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type DutyKey = MessageKey<DutyMessages>;

export const dutyText = namespaceText<DutyMessages>('duty');

/** 值岗安排's texts (`d`) and the web kit's, re-rendering the caller when the language changes. */
export const useDutyT = namespaceHook('d', dutyText);
