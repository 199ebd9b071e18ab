import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { CATCH_UP_PAGE, type CatchUpAnswer, CLIENT_EVENTS, SESSION_INVALID, type SocketRefusal } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { SessionService } from '../../identity/domain/session.service.js';
import { EffectPushes } from '../../workflow/effects/effect-pushes.js';
import type { PushRow } from '../domain/outbox.js';
import { refusal } from './socket-refusal.js';
import { SocketSessions } from './socket-sessions.js';

export const userRoom = (userId: string): string => `user:${userId}`;
/** The watchers of an elective batch's seats (docs/adr/0043#seats). */
export const electiveRoom = (batchId: string): string => `elective:${batchId}`;


/**
 * socket.io at `{BASE_API}/socket.io` (path set by the adapter). The handshake carries `auth: {token}`, checked in
 * middleware: a connection exists only once its user is known, and it joins the user's room before any message
 * of it is handled (so a `catch-up` sent at once cannot run ahead of the join). A refused handshake fails with
 * `connect_error` whose message is `session.invalid` and `data.code` the expiry code. Every push carries `seq`, its
 * number among the user's pushes (1, 2, 3, … without gaps, docs/adr/0018): after a reconnect, or when a number is
 * missing, the client asks `catch-up {since}` and gets what it missed, in order; it drops any seq it has applied.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('realtime');
  @WebSocketServer() server!: Server;

  constructor(
    private readonly sessions: SessionService,
    private readonly socketSessions: SocketSessions,
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    effectPushes: EffectPushes,
  ) {
    // the workflow module's effects announce through this gateway (it cannot depend on messaging)
    effectPushes.deliverTo((rows) => this.emit(rows));
  }

  afterInit(server: Server): void {
    server.use((socket, next) => {
      const auth = socket.handshake.auth as { token?: unknown } | undefined;
      const token = typeof auth?.token === 'string' ? auth.token : '';
      const refuse = (code: number) => next(Object.assign(new Error(SESSION_INVALID), { data: { code } }));
      if (!token) return refuse(50000);
      this.sessions.resolve(token).then(
        (found) => {
          if (!found.ok) return refuse(found.code);
          socket.data.userId = found.session.userId;
          socket.data.sessionId = found.session.sessionId;
          socket.data.expiresAt = found.session.expiresAt;
          next();
        },
        // The database is away: the client retries; the error's own text stays here.
        () => next(Object.assign(new Error('server.unavailable'), { data: { code: 503 } })),
      );
    });
  }

  handleConnection(socket: Socket): void {
    const { userId, sessionId, expiresAt } = socket.data as { userId?: string; sessionId?: string; expiresAt?: Date };
    if (!userId || !sessionId || !expiresAt) {
      socket.disconnect(true);
      return;
    }
    // Rooms live in the local adapter (the Redis adapter only relays emits): joining is synchronous.
    void socket.join(userRoom(userId));
    // The socket lives no longer than its session (SocketSessions ends it when the session ends).
    this.socketSessions.add(socket, sessionId, userId, expiresAt);
  }

  handleDisconnect(socket: Socket): void {
    const sessionId = socket.data.sessionId as string | undefined;
    if (sessionId) this.socketSessions.remove(socket, sessionId);
  }

  /**
   * The payload is parsed by the event's schema in contracts (CLIENT_EVENTS) before anything runs: a bad one is answered
   * with the refusal envelope, never taken as 0 (which replayed every push) nor passed on to PostgreSQL (`1e300` was
   * cast to bigint and threw).
   */
  @SubscribeMessage('catch-up')
  async catchUp(socket: Socket, body: unknown): Promise<CatchUpAnswer | SocketRefusal> {
    const parsed = CLIENT_EVENTS['catch-up'].payload.safeParse(body);
    if (!parsed.success) return refusal(socket, parsed.error.issues[0]?.message);
    const userId = socket.data.userId as string | undefined;
    if (!userId) return { pushes: [], latest: '0' };
    const latestRows: { latest: string }[] = await this.db.query(`SELECT coalesce((SELECT seq FROM push_counter WHERE user_id = $1), 0)::text AS latest`, [userId]);
    const latest = latestRows[0]?.latest ?? '0';
    const since = parsed.data.since;
    if (since === 'latest') return { pushes: [], latest };
    const pushes: CatchUpAnswer['pushes'] = await this.db.query(
      `SELECT p.user_seq::text AS seq, p.event, p.payload FROM push_log p WHERE p.user_id = $1 AND p.user_seq > $2::bigint ORDER BY p.user_seq LIMIT $3`,
      [userId, since, CATCH_UP_PAGE],
    );
    return { pushes, latest };
  }

  /**
   * Watch an elective batch's remaining seats: any signed-in user may (the seats of a batch are no secret); the room is
   * left with the socket. Parsed by its schema first, like every client event.
   */
  @SubscribeMessage('elective.watch')
  watchElective(socket: Socket, body: unknown): { ok: boolean } | SocketRefusal {
    const parsed = CLIENT_EVENTS['elective.watch'].payload.safeParse(body);
    if (!parsed.success) return refusal(socket, parsed.error.issues[0]?.message);
    void socket.join(electiveRoom(parsed.data.batchId));
    return { ok: true };
  }

  @SubscribeMessage('elective.unwatch')
  unwatchElective(socket: Socket, body: unknown): { ok: boolean } | SocketRefusal {
    const parsed = CLIENT_EVENTS['elective.unwatch'].payload.safeParse(body);
    if (!parsed.success) return refusal(socket, parsed.error.issues[0]?.message);
    void socket.leave(electiveRoom(parsed.data.batchId));
    return { ok: true };
  }

  /**
   * A broadcast to a room outside any user's sequence (an elective batch's seats): superseded by the next one and read
   * again from the API after a reconnect, so it needs no catch-up; one encoding for every socket of the room.
   */
  emitToRoom(room: string, event: string, payload: unknown): void {
    this.server?.to(room).emit(event as never, payload as never);
  }

  /** Emits committed pushes; with the Redis adapter a user connected to another instance gets them too. */
  emit(pushes: PushRow[]): void {
    if (!this.server) return;
    // Alone (no Redis adapter), a user with no socket here has none anywhere: skip encoding a packet nobody receives
    // (most parents are offline; 5 pushes a command). They catch up from the push log when they connect.
    const rooms = this.config.redisUrl ? null : this.server.sockets.adapter.rooms;
    for (const p of pushes) {
      const room = userRoom(p.user_id);
      if (rooms && !rooms.has(room)) continue;
      this.server.to(room).emit(p.event, { ...p.payload, seq: p.seq });
    }
  }

  /**
   * A push outside the per-user sequence (a job's progress): frequent, superseded by the next one, and readable again
   * from its own state (`GET /jobs/{id}`), so a missed one needs no catch-up.
   */
  emitUnsequenced(userId: string, event: string, payload: unknown): void {
    this.server?.to(userRoom(userId)).emit(event as never, payload as never);
  }

  get path(): string {
    return `${this.config.baseApi}/socket.io`;
  }

  logError(err: unknown): void {
    this.logger.error(err);
  }
}
