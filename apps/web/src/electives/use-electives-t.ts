import type { ElectivesMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type ElectivesKey = MessageKey<ElectivesMessages>;
export const electivesText = namespaceText<ElectivesMessages>('electives');

/** 选修课's texts (`e`) and the web kit's, re-rendering the caller when the language changes. */
export const useElectivesT = namespaceHook('e', electivesText);
