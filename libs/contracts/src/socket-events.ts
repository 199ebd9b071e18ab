/** Real-time contract (DESIGN.md §4): events the server emits to a user's own room, and what the client asks. */
export const SOCKET_PATH = '/server/socket.io';

export interface MessageRow {
  MESSAGE_ID: string;
  MESSAGE_TYPE: string;
  MESSAGE_TITLE: string;
  MESSAGE_CONTENT: string;
  MESSAGE_LINK: string | null;
  MESSAGE_STATUS: '0' | '1';
  CREATE_TIME: string;
}

export interface TaskChanged {
  flow: string;
  id: string;
  state: string;
  action: 'added' | 'removed';
}

export interface WorkflowTransitioned {
  flow: string;
  id: string;
  version: number;
  state: string;
  event: string;
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
}
export type PushEvent = keyof PushPayloads;
export const PUSH_EVENTS: readonly PushEvent[] = ['message.created', 'task.changed', 'workflow.transitioned'];

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
};

/** A handshake whose token is not a live session fails with `connect_error`: this message, `data.code` = expiry code. */
export const SESSION_INVALID = 'session.invalid';

/** `since`: the last seq applied, or 'latest' to learn the current position without receiving anything. */
export interface CatchUpRequest {
  since: string | 'latest';
}
export interface CatchUpAnswer {
  /** Missed pushes in seq order, at most CATCH_UP_PAGE. */
  pushes: { seq: string; event: string; payload: Record<string, unknown> }[];
  /** The user's newest seq ('0' when none). */
  latest: string;
}
export const CATCH_UP_PAGE = 500;

export interface ClientToServerEvents {
  'catch-up': (p: CatchUpRequest, ack: (answer: CatchUpAnswer) => void) => void;
}
