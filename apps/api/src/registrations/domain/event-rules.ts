import { CHECK_IN_OPENS_MINUTES, type EventPhase } from '@schoolflow/contracts';

export interface EventTimes {
  start_at: Date;
  end_at: Date;
  reg_start: Date;
  reg_end: Date;
}

/** Where an event stands by the clock: registration not open, open, closed (until the end), ended. */
export function eventPhase(e: EventTimes, now: number): EventPhase {
  if (now >= e.end_at.getTime()) return 'ended';
  if (now < e.reg_start.getTime()) return 'notOpen';
  // registration never runs past the event's start (an activity's window may end after it: it closes at the start)
  if (now < e.reg_end.getTime() && now < e.start_at.getTime()) return 'open';
  return 'closed';
}

/** Check-in is taken from an hour before the start until the end. */
export function checkInOpen(e: EventTimes, now: number): boolean {
  return now >= e.start_at.getTime() - CHECK_IN_OPENS_MINUTES * 60_000 && now < e.end_at.getTime();
}
