import { z } from 'zod';
import { isUuid } from './schemas.js';

/**
 * The pieces every flow's form schema is made of (docs/architecture.md#forms-and-times: forms are flat JSON). A flow declares its form with
 * these, so a required text, a school time, pictures and "which child" read and fail the same way in every flow;
 * each message is a `validation.*` key the caller sees in their language.
 */
export const FLOW_MAX_PICTURES = 4;
export const FLOW_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const FLOW_PICTURE_TYPES = ['.jpg', '.jpeg', '.png'] as const;

/** Required text, trimmed (no spaces at either end are kept), at most `max` characters. */
export const requiredText = (requiredKey: string, max: number, tooLongKey: string) =>
  z
    .string({ error: requiredKey })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, requiredKey).max(max, tooLongKey));

/** Optional text, trimmed; empty is the same as absent. */
export const optionalText = (max: number, tooLongKey: string) =>
  z
    .string({ error: tooLongKey })
    .transform((s) => s.trim())
    .pipe(z.string().max(max, tooLongKey))
    .optional();

/** A time as ISO 8601 or `YYYY-MM-DD HH:mm[:ss]` in the school's time zone (read by the server's `parseSchoolTime`). */
export const schoolTimeText = (requiredKey: string) => z.string({ error: requiredKey }).min(1, requiredKey).max(40, 'validation.timeInvalid');

/** Uploaded pictures by resource id (the server checks they are the applicant's own JPG/PNG files). */
export const pictureIds = () => z.array(z.string().uuid('validation.attachmentInvalid')).max(FLOW_MAX_PICTURES, 'validation.tooManyPictures').optional();

/** Which student the request is for, when a parent applies: the student's id or student number. */
export const studentRef = () => z.string().max(64, 'validation.studentInvalid').optional();

/** Whether `YYYY-MM-DD` is a day of the calendar (2026-02-30 is not; JavaScript's Date would roll it to March 2). */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // years PostgreSQL's date and the school's calendar both read without surprise
  if (y < 1900 || y > 2999) return false;
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A date of the school calendar, `YYYY-MM-DD`, that exists; left empty (a cleared date input's ''), `requiredKey`. */
export const calendarDate = (requiredKey = 'validation.dateRequired') =>
  z.string({ error: requiredKey }).min(1, { error: requiredKey, abort: true }).refine(isCalendarDate, 'validation.dateInvalid');

/** A record chosen from a select (a class, a course, a room, a teacher): its id, or `key` as the refusal. */
export const chosenId = (key: string) => z.string({ error: key }).refine(isUuid, key);

/** A choice that may be left empty: an empty select (`''`) or null is the same as absent. */
export const optionalChosenId = (key: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), chosenId(key).optional());
