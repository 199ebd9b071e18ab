/**
 * When the unread of a post may be reminded again (issue 24: at most once an hour per post). The receipts answer
 * carries it so the page starts with the button off instead of learning it from a 429.
 */
export function remindAgainAt(lastRemindedAt: Date | null, now: Date, intervalMinutes: number): Date | null {
  if (!lastRemindedAt) return null;
  const next = new Date(lastRemindedAt.getTime() + intervalMinutes * 60_000);
  return next.getTime() > now.getTime() ? next : null;
}
