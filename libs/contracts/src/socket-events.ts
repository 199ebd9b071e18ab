/** Real-time contract (DESIGN.md §4): events the server emits to a user's own room. */
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

export interface ServerToClientEvents {
  'message.created': (message: MessageRow) => void;
  'task.changed': (p: { flow: string; id: string; state: string; action: 'added' | 'removed' }) => void;
  'workflow.transitioned': (p: { flow: string; id: string; version: number; state: string; event: string }) => void;
}
export interface ClientToServerEvents {
  'catch-up': (p: { since: string }) => void;
}
