import { Inject, Logger } from '@nestjs/common';
import { type OnGatewayConnection, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { CATCH_UP_PAGE, type CatchUpAnswer } from '@schoolflow/contracts';
import { DataSource } from 'typeorm';
import { SERVER_CONFIG, type ServerConfig } from '../../config/app-config.js';
import { SessionService } from '../../identity/domain/session.service.js';
import type { PushRow } from '../domain/outbox.js';

export const userRoom = (userId: string): string => `user:${userId}`;

/**
 * socket.io at `{BASE_API}/socket.io` (path set by the adapter). The handshake carries `auth: {token}`; a valid
 * session joins the user's room. Every push carries `seq` (its push-log number): after a reconnect the client asks
 * `catch-up {since}` and gets what it missed, in order; it drops any seq it has already seen.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection {
  private readonly logger = new Logger('realtime');
  @WebSocketServer() server!: Server;

  constructor(
    private readonly sessions: SessionService,
    private readonly db: DataSource,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async handleConnection(socket: Socket): Promise<void> {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const token = typeof auth?.token === 'string' ? auth.token : '';
    const found = token ? await this.sessions.resolve(token) : null;
    if (!found?.ok) {
      socket.emit('session.invalid', { code: found && !found.ok ? found.code : 50000 });
      socket.disconnect(true);
      return;
    }
    socket.data.userId = found.session.userId;
    await socket.join(userRoom(found.session.userId));
  }

  @SubscribeMessage('catch-up')
  async catchUp(socket: Socket, body: unknown): Promise<CatchUpAnswer> {
    const userId = socket.data.userId as string | undefined;
    if (!userId) return { pushes: [], latest: '0' };
    const latestRows: { latest: string }[] = await this.db.query(`SELECT coalesce(max(seq), 0)::text AS latest FROM push_log WHERE user_id = $1`, [userId]);
    const latest = latestRows[0]?.latest ?? '0';
    const sinceRaw = (body as { since?: unknown } | null)?.since;
    if (sinceRaw === 'latest') return { pushes: [], latest };
    const since = typeof sinceRaw === 'string' && /^\d{1,19}$/.test(sinceRaw) ? sinceRaw : typeof sinceRaw === 'number' && Number.isInteger(sinceRaw) ? String(sinceRaw) : '0';
    const pushes: CatchUpAnswer['pushes'] = await this.db.query(
      `SELECT seq::text, event, payload FROM push_log WHERE user_id = $1 AND seq > $2::bigint ORDER BY seq LIMIT $3`,
      [userId, since, CATCH_UP_PAGE],
    );
    return { pushes, latest };
  }

  /** Emits committed pushes; with the Redis adapter a user connected to another instance gets them too. */
  emit(pushes: PushRow[]): void {
    if (!this.server) return;
    for (const p of pushes) this.server.to(userRoom(p.user_id)).emit(p.event, { ...p.payload, seq: p.seq });
  }

  get path(): string {
    return `${this.config.baseApi}/socket.io`;
  }

  logError(err: unknown): void {
    this.logger.error(err);
  }
}
