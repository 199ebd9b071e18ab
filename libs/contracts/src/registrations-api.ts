import { z } from 'zod';
import { parseSchoolMoment } from './school-time.js';
import { momentText, pageNumber } from './schemas.js';

/**
 * Lectures and activities with registration (issue 27 part 5; docs/product/class-walking-and-registrations.md): an
 * event has a time, a place, a capacity and a registration window; students sign up and cancel while it is open, a
 * full event puts them on a waitlist promoted in order when someone cancels (the promoted student gets a bell
 * message), the organiser checks them in at the event. Under `/server/api/registrations`.
 */
export const REGISTRATIONS_BASE = '/api/registrations';

export const registrationsPath = {
  /** `GET` `registrationEventQuerySchema` → `RegistrationEventPage`; `POST` `registrationEventInputSchema` → `{id}`. */
  events: `${REGISTRATIONS_BASE}/events`,
  /** `GET` → `RegistrationEvent`; `DELETE` (nobody signed up). */
  event: (id: string): string => `${REGISTRATIONS_BASE}/events/${id}`,
  /** `POST` → `SignUpResult` (registered, or waitlisted with a position); `DELETE` cancels one's own. */
  signUp: (id: string): string => `${REGISTRATIONS_BASE}/events/${id}/sign-up`,
  /** `GET` → `RegistrationRosterRow[]`: registered then waitlisted in order (the organiser or a manager). */
  roster: (id: string): string => `${REGISTRATIONS_BASE}/events/${id}/roster`,
  /** `POST` `{userId}` → `RegistrationRosterRow`: the organiser checks a registered student in at the event. */
  checkIns: (id: string): string => `${REGISTRATIONS_BASE}/events/${id}/check-ins`,
  /** `GET` → `MyRegistrations`: one's own sign-ups, with the lecture attendance requirement. */
  mine: `${REGISTRATIONS_BASE}/mine`,
} as const;

/** Creating events, reading rosters and checking in: administrators, the school office, teachers. */
export const REGISTRATION_MANAGE_PERMISSION = 'registration:manage';
/** 讲座 (stem jiangzuo/jzhd): lectures and activities; everyone signs up or reads their list, managers organise. */
export const REGISTRATION_PAGES = [
  { url: '/jiangzuo/jzhd', key: 'events', sort: 4, icon: 'microphone', permission: 'registration:view', roles: ['admin', 'office', 'headteacher', 'teacher', 'student'] },
] as const satisfies readonly { url: string; key: string; sort: number; icon: string; permission: string; roles: readonly string[] }[];

export const EVENT_KINDS = ['lecture', 'activity'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/**
 * "At least 12 lecture entries" (the specification), read as the school's attendance rule: a student attends at least 12
 * lectures a semester — a student's own list counts the lectures they were checked in at against it
 * (docs/adr/0044-class-walking-and-registrations.md#twelve-lectures).
 */
export const LECTURES_REQUIRED = 12;
/** How long before an event's start its check-in opens (it closes at the event's end). */
export const CHECK_IN_OPENS_MINUTES = 60;

export const REGISTRATION_LIMITS = { titleMax: 100, textMax: 1000, placeMax: 100, speakerMax: 50, capacityMax: 9999 } as const;

const text = (max: number, tooLong: string) => z.string({ error: tooLong }).trim().max(max, tooLong);

/**
 * The spec's time rules (pure): the event ends after it starts, registration ends after it starts, registration
 * starts not after the event's start, and a lecture's registration closes before the lecture starts. A key of
 * `registrations.validation.*` (or `validation.timeInvalid`) with the field it is about; null when all hold.
 */
export function eventTimesRefusal(e: { kind: EventKind; start: string; end: string; registrationStart: string; registrationEnd: string }): { key: string; field: string } | null {
  const [s, en, rs, re] = [e.start, e.end, e.registrationStart, e.registrationEnd].map((t) => parseSchoolMoment(t));
  if (s == null || en == null || rs == null || re == null) return { key: 'validation.timeInvalid', field: 'start' };
  if (en <= s) return { key: 'registrations.validation.endAfterStart', field: 'end' };
  if (re <= rs) return { key: 'registrations.validation.registrationEndAfterStart', field: 'registrationEnd' };
  if (rs > s) return { key: 'registrations.validation.registrationStartNotAfterEvent', field: 'registrationStart' };
  if (e.kind === 'lecture' && re > s) return { key: 'registrations.validation.lectureRegistrationBeforeStart', field: 'registrationEnd' };
  return null;
}

export const registrationEventInputSchema = z
  .object({
    kind: z.enum(EVENT_KINDS, { error: 'registrations.validation.kindInvalid' }),
    title: z.string({ error: 'registrations.validation.titleRequired' }).trim().min(1, 'registrations.validation.titleRequired').max(REGISTRATION_LIMITS.titleMax, 'registrations.validation.titleTooLong'),
    description: text(REGISTRATION_LIMITS.textMax, 'registrations.validation.descriptionTooLong').optional(),
    speaker: text(REGISTRATION_LIMITS.speakerMax, 'registrations.validation.speakerTooLong').optional(),
    place: z.string({ error: 'registrations.validation.placeRequired' }).trim().min(1, 'registrations.validation.placeRequired').max(REGISTRATION_LIMITS.placeMax, 'registrations.validation.placeTooLong'),
    start: momentText(),
    end: momentText(),
    registrationStart: momentText(),
    registrationEnd: momentText(),
    capacity: z.number({ error: 'registrations.validation.capacityInvalid' }).int('registrations.validation.capacityInvalid').min(1, 'registrations.validation.capacityInvalid').max(REGISTRATION_LIMITS.capacityMax, 'registrations.validation.capacityInvalid'),
  })
  .superRefine((e, ctx) => {
    const why = eventTimesRefusal(e);
    if (why) ctx.addIssue({ code: 'custom', message: why.key, path: [why.field] });
  });
export type RegistrationEventInput = z.infer<typeof registrationEventInputSchema>;

export const registrationEventQuerySchema = z.object({
  current: pageNumber().default(1),
  size: z.coerce.number().int().min(1, 'validation.pageInvalid').max(100, 'validation.pageInvalid').default(20),
  kind: z.enum(EVENT_KINDS, { error: 'registrations.validation.kindInvalid' }).optional(),
});
export type RegistrationEventQuery = z.infer<typeof registrationEventQuerySchema>;

export const checkInInputSchema = z.object({ userId: z.string({ error: 'validation.fieldChoose' }).uuid('validation.fieldChoose') });
export type CheckInInput = z.infer<typeof checkInInputSchema>;

export type RegistrationState = 'registered' | 'waitlisted' | 'cancelled';
export type EventPhase = 'notOpen' | 'open' | 'closed' | 'ended';

export interface RegistrationEvent {
  id: string;
  kind: EventKind;
  title: string;
  description: string;
  speaker: string;
  place: string;
  start: string;
  end: string;
  registrationStart: string;
  registrationEnd: string;
  capacity: number;
  registered: number;
  waitlisted: number;
  phase: EventPhase;
  organiserName: string;
  /** The caller's own sign-up: its state and waitlist position (1 = next). */
  mine: { state: Exclude<RegistrationState, 'cancelled'>; position: number | null; checkedIn: boolean } | null;
  /** Whether the caller organises it (its author or a manager): roster and check-in. */
  manageable: boolean;
}

export interface RegistrationEventPage {
  total: number;
  list: RegistrationEvent[];
}

export interface SignUpResult {
  state: 'registered' | 'waitlisted';
  /** On the waitlist: the place in it (1 = next). */
  position: number | null;
}

export interface RegistrationRosterRow {
  userId: string;
  name: string;
  account: string;
  className: string;
  state: 'registered' | 'waitlisted';
  position: number | null;
  signedUpAt: string;
  checkedInAt: string | null;
}

export interface MyRegistrationRow {
  eventId: string;
  kind: EventKind;
  title: string;
  place: string;
  start: string;
  state: 'registered' | 'waitlisted';
  position: number | null;
  checkedInAt: string | null;
}

export interface MyRegistrations {
  list: MyRegistrationRow[];
  /** Lectures the caller was checked in at this semester, against `LECTURES_REQUIRED`. */
  lecturesAttended: number;
  lecturesRequired: number;
}

/** To a student promoted from the waitlist (besides the bell message) and to the event's organiser: counts changed. */
export const REGISTRATION_CHANGED_PUSH = 'registration.changed';
export interface RegistrationChangedPush {
  eventId: string;
  registered: number;
  waitlisted: number;
}
