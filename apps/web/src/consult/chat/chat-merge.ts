import type { ConsultMessage } from '@schoolflow/contracts';

/**
 * Messages merged into what a page shows: by number (the server's order, 1, 2, 3, … per conversation), each once —
 * a push that arrives twice (the ack and the echo, a history after a reconnect) does not show twice.
 */
export function mergeMessages(shown: readonly ConsultMessage[], incoming: readonly ConsultMessage[]): ConsultMessage[] {
  if (incoming.length === 0) return shown as ConsultMessage[];
  const bySeq = new Map<number, ConsultMessage>();
  for (const m of shown) bySeq.set(m.seq, m);
  for (const m of incoming) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Whether a pushed message skips a number: some are missing (a reconnect), and the page asks for the history. */
export function skipsNumber(shown: readonly ConsultMessage[], pushed: ConsultMessage): boolean {
  const last = shown.length > 0 ? (shown[shown.length - 1] as ConsultMessage).seq : 0;
  return pushed.seq > last + 1;
}

export const lastSeq = (shown: readonly ConsultMessage[]): number => (shown.length > 0 ? (shown[shown.length - 1] as ConsultMessage).seq : 0);

/** A sender's id for a message: a resend after a lost acknowledgement is stored once by the server. */
export const newClientId = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
