import { ErrorCode, type ServerMessageKey } from '@schoolflow/contracts';

/**
 * The one error type of the server: an HTTP status, an envelope code and an i18n key.
 * The exception filter turns it into `{code, result:false, msg}` in the caller's language.
 */
export class AppException extends Error {
  /** Answered as the envelope's `data` (the field a refusal is about, a list of row errors). */
  data?: unknown;

  constructor(
    readonly status: number,
    readonly code: number,
    readonly messageKey: ServerMessageKey | string,
    readonly params?: Record<string, unknown>,
  ) {
    super(messageKey);
  }

  /** The same refusal, answering `data` too. */
  withData(data: unknown): this {
    this.data = data;
    return this;
  }

  static badRequest(key: ServerMessageKey | string = 'badRequest', params?: Record<string, unknown>): AppException {
    return new AppException(400, ErrorCode.BAD_REQUEST, key, params);
  }
  static forbidden(key: ServerMessageKey | `grades.${string}` | `timetable.${string}` | `publishing.${string}` | `surveys.${string}` | `consult.${string}` | `evaluations.${string}` | `letters.${string}` | `class-walking.${string}` | `registrations.${string}` | `electives.${string}` | `feedback.${string}` | `attendance.${string}` | `work-tasks.${string}` | `dormitories.${string}` | `pages.${string}` | `health.${string}` | `projects.${string}` | `knowledge.${string}` | `calendar.${string}` | `organisations.${string}` | `faces.${string}` | `languages.${string}` | `duty.${string}` = 'forbidden', params?: Record<string, unknown>): AppException {
    return new AppException(403, ErrorCode.FORBIDDEN, key, params);
  }
  static notFound(key: ServerMessageKey | `resource.${string}` | `grades.${string}` | `timetable.${string}` | `publishing.${string}` | `surveys.${string}` | `consult.${string}` | `evaluations.${string}` | `letters.${string}` | `channels.${string}` | `class-walking.${string}` | `registrations.${string}` | `electives.${string}` | `feedback.${string}` | `attendance.${string}` | `work-tasks.${string}` | `dormitories.${string}` | `pages.${string}` | `health.${string}` | `projects.${string}` | `knowledge.${string}` | `calendar.${string}` | `organisations.${string}` | `faces.${string}` | `languages.${string}` | `duty.${string}` = 'notFound'): AppException {
    return new AppException(404, ErrorCode.NOT_FOUND, key);
  }
  static conflict(key: ServerMessageKey | string = 'conflict', params?: Record<string, unknown>): AppException {
    return new AppException(409, ErrorCode.CONFLICT, key, params);
  }
  static unprocessable(key: ServerMessageKey | string, params?: Record<string, unknown>): AppException {
    return new AppException(422, ErrorCode.UNPROCESSABLE, key, params);
  }
  static tooMany(key: ServerMessageKey | string, params?: Record<string, unknown>): AppException {
    return new AppException(429, ErrorCode.TOO_MANY_REQUESTS, key, params);
  }
  static unauthenticated(code: number, key: ServerMessageKey): AppException {
    return new AppException(401, code, key);
  }
}
