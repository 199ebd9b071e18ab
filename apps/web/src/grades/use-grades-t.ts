import type { GradesMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type GradesKey = MessageKey<GradesMessages>;

/** A text of the grades pages (namespace `grades`, libs/contracts/src/locales/{zh,en}/grades.ts). */
export const gradesText = namespaceText<GradesMessages>('grades');

/** The grades texts (`g`) and the web kit's, re-rendering the caller when the language changes. */
export const useGradesT = namespaceHook('g', gradesText);
