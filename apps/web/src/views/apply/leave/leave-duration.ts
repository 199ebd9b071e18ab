import { parseSchoolTime } from '@schoolflow/contracts';
import { holidaysWithin, leaveDuration as sharedLeaveDuration } from '@schoolflow/workflows';

/**
 * Duration of the two school times, by the rule the server uses (shared from workflows/): the declared holidays
 * (`YYYY-MM-DD`) it covers are not counted (docs/adr/0048-public-holidays.md#day-count).
 */
export function leaveDuration(start: string, end: string, holidays: readonly string[] = []): { hours: number; days: number } | null {
  const a = parseSchoolTime(start);
  const b = parseSchoolTime(end);
  if (a === null || b === null || b <= a) return null;
  return sharedLeaveDuration(a, b, holidays);
}

/** The declared holidays the period covers (the form names them beside the duration). */
export function holidaysCovered(start: string, end: string, holidays: readonly string[]): string[] {
  const a = parseSchoolTime(start);
  const b = parseSchoolTime(end);
  return a === null || b === null || b <= a ? [] : holidaysWithin(a, b, holidays);
}
