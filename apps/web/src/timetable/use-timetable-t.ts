import type { TimetableMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type TimetableKey = MessageKey<TimetableMessages>;

/**
 * A text of the timetable (namespace `timetable`: the pages' own under `page.*`, libs/contracts/src/locales/{zh,en}/
 * timetable-page.ts; the server's — weekdays, check problems, unplaced reasons, score parts — beside them).
 */
export const timetableText = namespaceText<TimetableMessages>('timetable');

/** The timetable texts (`tt`) and the web kit's, re-rendering the caller when the language changes. */
export const useTimetableT = namespaceHook('tt', timetableText);
