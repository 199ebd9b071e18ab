import type { RegistrationsMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type RegistrationsKey = MessageKey<RegistrationsMessages>;

export const registrationsText = namespaceText<RegistrationsMessages>('registrations');

/** 讲座's texts (`r`) and the web kit's, re-rendering the caller when the language changes. */
export const useRegistrationsT = namespaceHook('r', registrationsText);
