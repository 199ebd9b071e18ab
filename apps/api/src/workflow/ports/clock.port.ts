import { Injectable } from '@nestjs/common';

/** The time, as a port: the timers' rules ("not yet", the event's `at`) tested at a time of the test's choosing. */
export abstract class Clock {
  abstract now(): number;
}

@Injectable()
export class SystemClock extends Clock {
  now(): number {
    return Date.now();
  }
}
