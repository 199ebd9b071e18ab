import { z } from 'zod';
import { isUuid, UNSTORABLE_TEXT } from './schemas.js';

/**
 * Online consultation (在线咨询, issue 26 part 3; docs/product/consultation.md, docs/adr/0042-online-consultation.md):
 * a signed-out visitor chats with staff holding CONSULT_PERMISSION over the socket.io namespace CONSULT_NAMESPACE.
 */
export const CONSULT_PERMISSION = 'consult:answer';
/** The agents' view stem (zxgl); the visitor's page is CONSULT_VISITOR_ROUTE (public-routes.ts). */
export const CONSULT_AGENT_ROUTE = '/zxgl';
/** The namespace on the API's socket.io path (DESIGN §12). */
export const CONSULT_NAMESPACE = '/consult';
/** The header a returning visitor's page sends its token in, to resume. */
export const CONSULT_VISITOR_HEADER = 'X-Consult-Visitor';

export const CONSULT_LIMITS = { name: 50, contact: 100, body: 2000, note: 500, clientId: 64, pageSize: 100 } as const;

export const CONSULT_STATES = ['queued', 'active', 'closed'] as const;
export type ConsultState = (typeof CONSULT_STATES)[number];
export type ConsultSender = 'visitor' | 'agent' | 'system';

// C0/C1 controls but tab and line feed, and the bidirectional overrides and isolates that make a line read otherwise
// than it is stored (a name that shows as another): dropped, never shown.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSHOWN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;

/**
 * What a visitor or agent typed, made safe to store and show as text (pages render it as text, never HTML): Unicode
 * NFC, carriage returns as line feeds, invisible controls and direction overrides removed, more than two empty lines
 * in a row made two, trimmed. Text no column can hold (a broken surrogate) is refused by the schemas, not altered.
 */
export function cleanConsultText(s: string): string {
  return s
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(UNSHOWN, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Required, cleaned, at most `max` characters once cleaned. */
const text = (requiredKey: string, max: number, tooLongKey: string) =>
  z
    .string({ error: requiredKey })
    .refine((s) => !UNSTORABLE_TEXT.test(s), 'validation.invalidCharacters')
    .transform(cleanConsultText)
    .pipe(z.string().min(1, requiredKey).max(max, tooLongKey));
const optionalText = (max: number, tooLongKey: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: 'validation.invalid' })
      .refine((s) => !UNSTORABLE_TEXT.test(s), 'validation.invalidCharacters')
      .transform(cleanConsultText)
      .pipe(z.string().max(max, tooLongKey)),
  );
const uuid = (key = 'validation.idInvalid') => z.string({ error: key }).refine(isUuid, key);
const seq = z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0, 'validation.invalid').max(2_000_000_000, 'validation.invalid');

/** `POST /anon/consult/sessions`: who the visitor says they are. */
export const consultStartSchema = z.object({
  name: text('validation.consultNameRequired', CONSULT_LIMITS.name, 'validation.consultNameTooLong'),
  contact: optionalText(CONSULT_LIMITS.contact, 'validation.consultContactTooLong'),
});
export type ConsultStartInput = z.input<typeof consultStartSchema>;

/**
 * Client → server events on the namespace; each acknowledged with its answer or the refusal envelope
 * `{code, result:false, msg}`. A visitor's conversation is their token's: `conversationId` is for agents.
 */
export const consultSendSchema = z.object({
  conversationId: uuid().optional(),
  body: text('validation.consultBodyRequired', CONSULT_LIMITS.body, 'validation.consultBodyTooLong'),
  /** The sender's own id of the message: a resend after a lost acknowledgement is stored once. */
  clientId: z.string({ error: 'validation.invalid' }).min(1, 'validation.invalid').max(CONSULT_LIMITS.clientId, 'validation.invalid').regex(/^[A-Za-z0-9_-]+$/, 'validation.invalid'),
});
export type ConsultSendInput = z.input<typeof consultSendSchema>;
export const consultTypingSchema = z.object({ conversationId: uuid().optional(), typing: z.boolean({ error: 'validation.invalid' }) });
export const consultReadSchema = z.object({ conversationId: uuid().optional(), seq });
export const consultHistorySchema = z.object({ conversationId: uuid().optional(), after: seq });

export const consultTransferSchema = z.object({ agentId: uuid('validation.fieldChoose') });
export type ConsultTransferInput = z.input<typeof consultTransferSchema>;
export const consultCloseSchema = z.object({ note: optionalText(CONSULT_LIMITS.note, 'validation.consultNoteTooLong') });
export type ConsultCloseInput = z.input<typeof consultCloseSchema>;

/** `GET /api/consult/transcripts`: closed and open conversations, by a word of a message, the name or the contact. */
export const consultTranscriptsQuerySchema = z.object({
  q: z.preprocess((v) => (v === undefined ? '' : v), z.string({ error: 'validation.invalid' }).max(100, 'validation.tooLong').transform(cleanConsultText)),
  state: z.preprocess((v) => (v === '' ? undefined : v), z.enum(CONSULT_STATES, { error: 'validation.invalid' }).optional()),
  page: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(100_000, 'validation.invalid').default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(CONSULT_LIMITS.pageSize, 'validation.invalid').default(20),
});
export type ConsultTranscriptsQuery = z.output<typeof consultTranscriptsQuerySchema>;

export interface ConsultConversation {
  id: string;
  visitorName: string;
  visitorContact: string;
  state: ConsultState;
  agentId: string | null;
  agentName: string | null;
  createdAt: string;
  acceptedAt: string | null;
  closedAt: string | null;
  closeNote: string;
  lastSeq: number;
  lastBody: string;
  lastAt: string | null;
  /** The highest message each side has seen (read marks). */
  visitorReadSeq: number;
  agentReadSeq: number;
  /** True when the visitor wrote while no agent was online (a left message). */
  leftMessage: boolean;
}

export interface ConsultMessage {
  conversationId: string;
  /** 1, 2, 3, … within the conversation, without gaps: the order both sides show. */
  seq: number;
  sender: ConsultSender;
  agentName: string | null;
  /** The text; for a system line the key under `consult.system` (accepted, transferred, requeued, closed). */
  body: string;
  /** A system line's values (agent names). */
  params: Record<string, string> | null;
  at: string;
  clientId: string | null;
}

/** A visitor's session: the token (kept by the page), their conversation and its messages. */
export interface ConsultSession {
  token: string;
  conversation: ConsultConversation;
  messages: ConsultMessage[];
  agentsOnline: number;
}

export interface ConsultQueue {
  queued: ConsultConversation[];
  mine: ConsultConversation[];
  agents: ConsultAgent[];
}
export interface ConsultAgent {
  id: string;
  name: string;
  online: boolean;
}
export interface ConsultTranscriptPage {
  total: number;
  list: ConsultConversation[];
}

/** Server → client events (DESIGN §12). */
export const CONSULT_EVENTS = {
  message: 'consult.message',
  typing: 'consult.typing',
  queue: 'consult.queue',
  assigned: 'consult.assigned',
  closed: 'consult.closed',
  read: 'consult.read',
  agents: 'consult.agents',
} as const;
/** Client → server events, each answered through its acknowledgement. */
export const CONSULT_CLIENT_EVENTS = { send: 'consult.send', typing: 'consult.typing', read: 'consult.read', history: 'consult.history' } as const;

export interface ConsultTypingPush {
  conversationId: string;
  sender: 'visitor' | 'agent';
  typing: boolean;
}
export interface ConsultReadPush {
  conversationId: string;
  sender: 'visitor' | 'agent';
  seq: number;
}
/** A queue changed (a conversation queued, taken, requeued, closed): agents re-read it; `conversation` what changed. */
export interface ConsultQueuePush {
  conversation: ConsultConversation;
}
export interface ConsultAgentsPush {
  online: number;
}
