import type { CalendarMessages } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type CalendarKey = MessageKey<CalendarMessages>;

export const calendarText = namespaceText<CalendarMessages>('calendar');

/** 校历管理's texts (`c`) and the web kit's, re-rendering the caller when the language changes. */
export const useCalendarT = namespaceHook('c', calendarText);
