import type { CalendarMessages, SchoolCalendar } from '@schoolflow/contracts';
import { type MessageKey, namespaceHook, namespaceText } from '../util/namespace-text.js';

export type CalendarKey = MessageKey<CalendarMessages>;

export const calendarText = namespaceText<CalendarMessages>('calendar');

/** 校历管理's texts (`c`) and the web kit's, re-rendering the caller when the language changes. */
export const useCalendarT = namespaceHook('c', calendarText);

/** A calendar's name in the shown language: the school's and a personal one are named by their kind (the server named them in the language of its answer). */
export const calendarName = (x: Pick<SchoolCalendar, 'kind' | 'name'>): string => (x.kind === 'shared' ? x.name : calendarText(`kinds.${x.kind}`));
