/**
 * A time the author sets now — a homework's due time, a post's scheduled publication — may not be already past
 * (docs/product/publishing.md#rules-and-limits). Times are typed to the minute, so the current minute still counts;
 * a post whose due time has passed since it was set is not concerned (it is taken late, not refused).
 */
export function alreadyPast(at: Date | null, now: number = Date.now()): boolean {
  return at !== null && at.getTime() + 60_000 <= now;
}
