import type { OrganisationsMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type OrganisationsKey = MessageKey<OrganisationsMessages>;

export const organisationsText = namespaceText<OrganisationsMessages>('organisations');

/** 学生组织's texts (`o`) and the web kit's, re-rendering the caller when the language changes. */
export const useOrganisationsT = namespaceHook('o', organisationsText);
