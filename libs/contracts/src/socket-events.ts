import { z } from 'zod';
import type { PostPublishedPush, PostReceiptPush, PostSubmissionPush } from './posts-api.js';
import type { SurveyAnsweredPush } from './surveys-api.js';
import type { EvalProgressPush } from './evaluations-api.js';
import type { MessageCounters } from './messages-api.js';
import type { ZoubanChoicePush } from './class-walking-api.js';
import type { RegistrationChangedPush } from './registrations-api.js';
import type { TodoChangedPush } from './todos-api.js';
import type { AttendanceChangedPush } from './attendance-api.js';
import type { ProjectChangedPush } from './projects-api.js';
import { type ElectiveBatchPush, type ElectiveSeatsPush, electiveWatchAnswerSchema, electiveWatchSchema } from './electives-api.js';

/** Real-time contract (docs/architecture.md#real-time): events the server emits to a user's own room, and what the client asks. */
export const SOCKET_PATH = '/server/socket.io';

export interface MessageRow {
  MESSAGE_ID: string;
  MESSAGE_TYPE: string;
  MESSAGE_TITLE: string;
  MESSAGE_CONTENT: string;
  MESSAGE_LINK: string | null;
  MESSAGE_STATUS: '0' | '1';
  CREATE_TIME: string;
  /** A written message (issue 26): the letter this is a copy of; it opens as a letter (docs/product/messages.md#reading). */
  LETTER_ID?: string;
}

export interface WorkflowTransitioned {
  flow: string;
  id: string;
  version: number;
  state: string;
  event: string;
}

/**
 * A transition that gave a user a task or took one away. It is that user's only push of the transition (docs/adr/
 * 0070-one-workflow-push-per-user.md), so it carries the transition too, and a client hands it to its
 * `workflow.transitioned` listeners as well (PUSH_ALSO_AS).
 */
export interface TaskChanged extends WorkflowTransitioned {
  action: 'added' | 'removed';
}

/**
 * A flow's effect was applied (docs/adr/0068-effects-announced.md): what it wrote beside the instance (a work task's
 * percentage and last report) is now there to be read. Sent to the instance's people, for flows whose own pages read
 * those rows; `workflow.transitioned` may come before it, since effects run on their own subscription.
 */
export interface WorkflowEffected {
  flow: string;
  id: string;
  version: number;
}

/**
 * Every push carries `seq`: its number among the user's pushes — 1, 2, 3, … without gaps (docs/adr/0018). A client
 * drops any seq it has applied; one that receives n+2 after n holds it and, if n+1 does not follow at once (it may
 * come a hop later, through another instance), asks `catch-up {since: n}`.
 */
export type Sequenced<T> = T & { seq: string };

export interface PushPayloads {
  'message.created': MessageRow;
  'task.changed': TaskChanged;
  'workflow.transitioned': WorkflowTransitioned;
  'workflow.effected': WorkflowEffected;
  /** To each recipient of a post as it is published (issue 24). */
  'post.published': PostPublishedPush;
  /** To a post's author when a recipient reads or confirms it: the new counts. */
  'post.receipt': PostReceiptPush;
  /** To a homework's author when a student or parent hands it in or changes it. */
  'post.submission': PostSubmissionPush;
  /** To a questionnaire's author when it is answered: the respondent count (issue 25). */
  'survey.answered': SurveyAnsweredPush;
  /** To a class's head teacher when a sheet of the class in an evaluation round is saved (issue 28). */
  'evaluation.progress': EvalProgressPush;
  /** To a class's head teachers when one of its students chooses a class-walking combination (issue 27). */
  'zouban.choice': ZoubanChoicePush;
  /** To an event's organiser and a promoted student: the event's counts changed (issue 27). */
  'registration.changed': RegistrationChangedPush;
  /** To a to-do's owner (their other tabs): one of their to-dos was saved, ticked, deleted or reminded. */
  'todo.changed': TodoChangedPush;
  /** To those who see the whole school's attendance: a roll was saved, the day's absences changed. */
  'attendance.changed': AttendanceChangedPush;
  /** To a project's members (and one just removed): the project, its members or one of its tasks changed. */
  'project.changed': ProjectChangedPush;
}
export type PushEvent = keyof PushPayloads;
/** Every push event, listed by a record so that a push added to PushPayloads and not here fails to compile. */
const PUSH_EVENT_SET: Readonly<Record<PushEvent, true>> = {
  'message.created': true,
  'task.changed': true,
  'workflow.transitioned': true,
  'workflow.effected': true,
  'post.published': true,
  'post.receipt': true,
  'post.submission': true,
  'survey.answered': true,
  'evaluation.progress': true,
  'zouban.choice': true,
  'registration.changed': true,
  'todo.changed': true,
  'attendance.changed': true,
  'project.changed': true,
};
export const PUSH_EVENTS = Object.keys(PUSH_EVENT_SET) as readonly PushEvent[];

/**
 * A push that also stands for another event, whose payload it extends: a client's listeners of the other event hear
 * it too (a task.changed is the transition for the user it is sent to, docs/adr/0070-one-workflow-push-per-user.md).
 */
export const PUSH_ALSO_AS: { readonly [E in PushEvent]?: { [F in PushEvent]: PushPayloads[E] extends PushPayloads[F] ? F : never }[PushEvent] } = {
  'task.changed': 'workflow.transitioned',
};

/**
 * Sent to a socket just before the server disconnects it because its session ended (logout, password change, an
 * administrator, expiry): `code` is the expiry code the API would answer, so the client shows the expiry modal.
 */
export const SESSION_ENDED = 'session.ended';
export interface SessionEnded {
  code: number;
}

/**
 * Sent to every socket of an instance when pushes from other instances may have been missed (Redis, which relays
 * them, was away and is back): the client catches up by sequence number as after a reconnect.
 */
export const PUSHES_RESYNC = 'pushes.resync';

export type ServerToClientEvents = { [E in PushEvent]: (payload: Sequenced<PushPayloads[E]>) => void } & {
  [SESSION_ENDED]: (payload: SessionEnded) => void;
  [PUSHES_RESYNC]: () => void;
  /** A user's inbox counters changed (issue 26: docs/product/messages.md#counters); unsequenced, read again after a reconnect. */
  'message.counters': (payload: MessageCounters) => void;
  /** Unsequenced, to a batch's watchers (docs/adr/0043#seats): superseded by the next one and read again on reconnect. */
  'elective.seats': (payload: ElectiveSeatsPush) => void;
  'elective.batch': (payload: ElectiveBatchPush) => void;
};

/** A handshake whose token is not a live session fails with `connect_error`: this message, `data.code` = expiry code. */
export const SESSION_INVALID = 'session.invalid';

/** A push's seq is a PostgreSQL bigint: as text, 0 to 2^63 - 1. */
const SEQ_MAX = 9223372036854775807n;
// One check: zod runs a refinement after a failed regex too, and BigInt('1e300') throws.
const seqText = z.string().refine((s) => /^\d{1,19}$/.test(s) && BigInt(s) <= SEQ_MAX, 'validation.seqInvalid');

/**
 * `since`: the last seq applied (its text, as pushes carry it; a safe whole number is read too), or 'latest' to learn
 * the current position without receiving anything. Anything else — `1e300`, `-1`, 20 digits, an object — is refused.
 */
export const catchUpRequestSchema = z.object(
  {
    since: z.union([z.literal('latest'), seqText, z.number().int('validation.seqInvalid').min(0, 'validation.seqInvalid').max(Number.MAX_SAFE_INTEGER, 'validation.seqInvalid').transform(String)], { error: 'validation.seqInvalid' }),
  },
  { error: 'validation.seqInvalid' },
);
export type CatchUpRequest = z.input<typeof catchUpRequestSchema>;

export const catchUpAnswerSchema = z.object({
  /** Missed pushes in seq order, at most CATCH_UP_PAGE. */
  pushes: z.array(z.object({ seq: seqText, event: z.string(), payload: z.record(z.string(), z.unknown()) })),
  /** The user's newest seq ('0' when none). */
  latest: seqText,
});
export type CatchUpAnswer = z.infer<typeof catchUpAnswerSchema>;
export const CATCH_UP_PAGE = 500;

/**
 * An acknowledgement's answer to a payload its event's schema refuses: the API's envelope (`code` 400, `msg` in the
 * socket's language), and nothing runs (docs/adr/0016).
 */
export interface SocketRefusal {
  code: number;
  result: false;
  msg: string;
}

/**
 * Every event a client may send, with the schema its payload must fit and the schema of its acknowledgement's answer:
 * the gateway parses payloads with them, and the fuzz test (test/security/fuzz.e2e-spec.ts) sends every event here
 * malformed payloads and checks each answer — so an event added here is fuzzed without anyone remembering it.
 */
export const CLIENT_EVENTS = {
  'catch-up': { payload: catchUpRequestSchema, answer: catchUpAnswerSchema },
  /** Watch / stop watching an elective batch's remaining seats (issue 27). */
  'elective.watch': { payload: electiveWatchSchema, answer: electiveWatchAnswerSchema },
  'elective.unwatch': { payload: electiveWatchSchema, answer: electiveWatchAnswerSchema },
} as const;
export type ClientEvent = keyof typeof CLIENT_EVENTS;

export type ClientToServerEvents = {
  [E in ClientEvent]: (p: z.input<(typeof CLIENT_EVENTS)[E]['payload']>, ack: (answer: z.output<(typeof CLIENT_EVENTS)[E]['answer']> | SocketRefusal) => void) => void;
};
