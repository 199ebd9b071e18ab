import type { ElectiveSlot } from '@schoolflow/contracts';
import { electivesText } from './use-electives-t.js';

/** "周五 第7节, 周六 第1节": a course's slots in the shown language. */
export function slotsText(slots: readonly ElectiveSlot[]): string {
  return slots.map((s) => electivesText('slot', { weekday: electivesText(`weekdays.${String(s.weekday) as '1'}`), period: s.period })).join(', ');
}
