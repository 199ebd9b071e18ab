/** A schedule as the list answers it: what picks the day's. */
export interface ScheduleSummary {
  id: string;
  effectiveFrom: string;
  enabled: boolean;
}

/**
 * The schedule in force on `day` (docs/product/base-data.md#daily-schedule): the enabled one with the latest date not
 * after it; none before the first.
 */
export function scheduleOn<T extends ScheduleSummary>(schedules: readonly T[], day: string): T | null {
  let best: T | null = null;
  for (const s of schedules) if (s.enabled && s.effectiveFrom <= day && (!best || s.effectiveFrom > best.effectiveFrom)) best = s;
  return best;
}

export interface ScheduleItem {
  kind: string;
  name: string;
  start: string;
  end: string;
  boardersOnly: boolean;
}

/** The day's moments in time order (a schedule's items as saved may be in any order). */
export function inTimeOrder<T extends Pick<ScheduleItem, 'start' | 'end'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
}
