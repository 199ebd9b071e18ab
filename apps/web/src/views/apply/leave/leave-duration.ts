import { parseSchoolTime } from '@schoolflow/contracts';
import { leaveDuration as sharedLeaveDuration } from '@schoolflow/workflows';

/** Duration of the two school times, by the rule the server uses (shared from workflows/). */
export function leaveDuration(start: string, end: string): { hours: number; days: number } | null {
  const a = parseSchoolTime(start);
  const b = parseSchoolTime(end);
  if (a === null || b === null || b <= a) return null;
  return sharedLeaveDuration(a, b);
}
