/** Duration of a leave, the one rule for server and browser: hours between the instants, days = hours / 24, one decimal. */
export function leaveDuration(startMs: number, endMs: number): { hours: number; days: number } {
  const hours = (endMs - startMs) / 3_600_000;
  return { hours: Math.round(hours * 10) / 10, days: Math.round((hours / 24) * 10) / 10 };
}
