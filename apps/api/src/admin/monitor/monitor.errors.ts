import { AppException } from '../../infrastructure/http/app-exception.js';

/** The server monitor's refusals, each stated once. */
export const MonitorErrors = {
  /** 404: nothing parked at that place for that subscription (replayed meanwhile, or never parked). */
  parkedAbsent: () => AppException.notFound('parkedAbsent'),
  /** 422: the replay met the same failure (its cause is still there); the parked event records it. */
  stillFailing: (code: string, error: string) => AppException.unprocessable('parkedStillFailing', { code, error }),
  /** 409: the replay met a passing condition (the database away or busy, a lock or a race with the running loop). */
  replayBusy: () => AppException.conflict('parkedReplayBusy'),
  /** 422: this instance does not run that subscription (the notifications may be off here). */
  subscriptionNotHere: (name: string) => AppException.unprocessable('subscriptionNotHere', { name }),
};
