import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import {
  CONSULT_CLIENT_EVENTS,
  CONSULT_NAMESPACE,
  CONSULT_PERMISSION,
  type ConsultMessage,
  consultHistorySchema,
  consultReadSchema,
  consultSendSchema,
  consultTypingSchema,
  SESSION_INVALID,
  type SocketRefusal,
} from '@schoolflow/contracts';
import type { Namespace, Socket } from 'socket.io';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { SessionService } from '../../identity/domain/session.service.js';
import { deviceDigest } from '../../infrastructure/auth/device-token.js';
import { socketAddress } from '../../infrastructure/http/request-context.js';
import { refusal, refusalOf } from '../../messaging/realtime/socket-refusal.js';
import { SocketSessions } from '../../messaging/realtime/socket-sessions.js';
import { type Sender, SendMessage } from '../commands/send-message/send-message.handler.js';
import { ConsultErrors } from '../consult.errors.js';
import { AGENTS_ROOM, agentRoom, ConsultHub, VISITORS_ROOM, visitorRoom } from '../domain/consult-hub.js';
import { type ConversationRow, ConversationsRepository } from '../domain/conversations.repository.js';

/** Who a socket is, set by the handshake's middleware. */
type Who = { kind: 'visitor'; hash: Buffer; token: string; address: string } | { kind: 'agent'; userId: string; sessionId: string };

/** Typing pushes a socket may cause at most this often (a held key repeats; `false` always passes). */
const TYPING_EVERY_MS = 500;

/**
 * socket.io namespace `/consult` on the API's socket.io path (DESIGN §12; docs/adr/0042-online-consultation.md). A
 * visitor connects with `auth: {visitorToken}` (issued by POST /anon/consult/sessions; only its digest is stored), an
 * agent with `auth: {token}`, their session, which must hold `consult:answer` — and lives no longer than it
 * (SocketSessions, like the user's own socket). Every client event's payload is parsed by its contract schema first:
 * a bad one is acknowledged with the 400 envelope in the socket's language and changes nothing.
 */
@WebSocketGateway({ namespace: CONSULT_NAMESPACE })
export class ConsultGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('consult');
  @WebSocketServer() ns!: Namespace;

  constructor(
    private readonly db: DataSource,
    private readonly sessions: SessionService,
    private readonly socketSessions: SocketSessions,
    private readonly hub: ConsultHub,
    private readonly conversations: ConversationsRepository,
    private readonly sending: SendMessage,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  afterInit(ns: Namespace): void {
    this.hub.attach(ns);
    ns.use((socket, next) => {
      const auth = (socket.handshake.auth ?? {}) as { token?: unknown; visitorToken?: unknown };
      const refuse = (code: number) => next(Object.assign(new Error(SESSION_INVALID), { data: { code } }));
      if (typeof auth.visitorToken === 'string') {
        const hash = deviceDigest(auth.visitorToken);
        if (!hash) return refuse(400);
        this.conversations.visitorExists(this.db, hash).then(
          (known) => {
            if (!known) return refuse(400);
            const who: Who = { kind: 'visitor', hash, token: auth.visitorToken as string, address: socketAddress(socket.request, this.config.trustProxy) };
            socket.data.who = who;
            next();
          },
          () => next(Object.assign(new Error('server.unavailable'), { data: { code: 503 } })),
        );
        return;
      }
      const token = typeof auth.token === 'string' ? auth.token : '';
      if (!token) return refuse(50000);
      this.sessions.resolve(token).then(
        (found) => {
          if (!found.ok) return refuse(found.code);
          if (!found.session.permissions.includes(CONSULT_PERMISSION)) return refuse(403);
          const who: Who = { kind: 'agent', userId: found.session.userId, sessionId: found.session.sessionId };
          socket.data.who = who;
          socket.data.userId = found.session.userId;
          socket.data.expiresAt = found.session.expiresAt;
          next();
        },
        () => next(Object.assign(new Error('server.unavailable'), { data: { code: 503 } })),
      );
    });
  }

  handleConnection(socket: Socket): void {
    const who = socket.data.who as Who | undefined;
    if (!who) {
      socket.disconnect(true);
      return;
    }
    if (who.kind === 'visitor') {
      void socket.join([visitorRoom(who.hash), VISITORS_ROOM]);
      return;
    }
    void socket.join([agentRoom(who.userId), AGENTS_ROOM]);
    this.socketSessions.add(socket, who.sessionId, who.userId, socket.data.expiresAt as Date);
    void this.hub.announceAgents();
  }

  handleDisconnect(socket: Socket): void {
    const who = socket.data.who as Who | undefined;
    if (who?.kind !== 'agent') return;
    this.socketSessions.remove(socket, who.sessionId);
    void this.hub.announceAgents();
  }

  @SubscribeMessage(CONSULT_CLIENT_EVENTS.send)
  async send(socket: Socket, body: unknown): Promise<{ message: ConsultMessage } | SocketRefusal> {
    const input = this.parse(socket, consultSendSchema, body);
    if ('result' in input) return input;
    const who = socket.data.who as Who;
    const sender: Sender = who.kind === 'visitor' ? who : { kind: 'agent', userId: who.userId, conversationId: input.conversationId };
    return this.answer(socket, async () => ({ message: await this.sending.execute(sender, input.body, input.clientId) }));
  }

  @SubscribeMessage(CONSULT_CLIENT_EVENTS.typing)
  async typing(socket: Socket, body: unknown): Promise<{ ok: true } | SocketRefusal> {
    const input = this.parse(socket, consultTypingSchema, body);
    if ('result' in input) return input;
    const last = (socket.data.typedAt as number | undefined) ?? 0;
    if (input.typing && Date.now() - last < TYPING_EVERY_MS) return { ok: true };
    socket.data.typedAt = Date.now();
    return this.answer(socket, async () => {
      const c = await this.conversationOf(socket, input.conversationId);
      const who = socket.data.who as Who;
      this.hub.typing({ visitor: c.visitor_hash, agentId: c.agent_id }, { conversationId: c.id, sender: who.kind, typing: input.typing });
      return { ok: true as const };
    });
  }

  @SubscribeMessage(CONSULT_CLIENT_EVENTS.read)
  async read(socket: Socket, body: unknown): Promise<{ seq: number } | SocketRefusal> {
    const input = this.parse(socket, consultReadSchema, body);
    if ('result' in input) return input;
    return this.answer(socket, async () => {
      const c = await this.conversationOf(socket, input.conversationId);
      const who = socket.data.who as Who;
      const seq = (await this.conversations.markRead(this.db, c.id, who.kind, input.seq)) ?? 0;
      this.hub.read({ visitor: c.visitor_hash, agentId: c.agent_id }, { conversationId: c.id, sender: who.kind, seq });
      return { seq };
    });
  }

  /** What a socket missed (a reconnect, a number skipped): the messages after `after`, in order. */
  @SubscribeMessage(CONSULT_CLIENT_EVENTS.history)
  async history(socket: Socket, body: unknown): Promise<{ messages: ConsultMessage[] } | SocketRefusal> {
    const input = this.parse(socket, consultHistorySchema, body);
    if ('result' in input) return input;
    return this.answer(socket, async () => {
      const c = await this.conversationOf(socket, input.conversationId);
      return { messages: await this.conversations.messages(this.db, c.id, input.after) };
    });
  }

  /**
   * The conversation an event is about: a visitor's own (their latest), or the one an agent names — which they must
   * hold to type or mark read in it; any agent may read a history (transcripts are shared).
   */
  private async conversationOf(socket: Socket, named: string | undefined): Promise<ConversationRow> {
    const who = socket.data.who as Who;
    if (who.kind === 'visitor') {
      const c = await this.conversations.latestOf(this.db, who.hash);
      if (!c) throw ConsultErrors.tokenInvalid();
      return c;
    }
    if (!named) throw ConsultErrors.notFound();
    const c = await this.conversations.get(this.db, named);
    if (!c) throw ConsultErrors.notFound();
    return c;
  }

  private parse<S extends z.ZodType>(socket: Socket, schema: S, body: unknown): z.output<S> | SocketRefusal {
    const parsed = schema.safeParse(body ?? {});
    if (parsed.success) return parsed.data as z.output<S>;
    return refusal(socket, parsed.error.issues[0]?.message);
  }

  private async answer<T>(socket: Socket, work: () => Promise<T>): Promise<T | SocketRefusal> {
    try {
      return await work();
    } catch (err) {
      const answer = refusalOf(socket, err);
      if (answer.code >= 500) this.logger.error(err);
      return answer;
    }
  }
}
