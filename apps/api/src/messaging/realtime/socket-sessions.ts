import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SESSION_ENDED, type SessionEnded } from '@schoolflow/contracts';
import type { Socket } from 'socket.io';
import { DatabaseNotifications } from '../../infrastructure/database/database-notifications.js';
import { logDatabaseError } from '../../infrastructure/database/database-outage.js';
import { AUTH_CHANNEL, SessionService } from '../../identity/domain/session.service.js';

interface Tracked {
  userId: string;
  /** When the session expires unless a request extends it (then the database says the new time). */
  expiresAt: number;
  sockets: Set<Socket>;
}

/** How often sessions whose time has come are looked at: a session that expires ends its sockets within this. */
const EXPIRY_TICK_MS = 500;

/**
 * Keeps this instance's sockets no longer than their sessions (hardening, finding 4). A socket is registered under
 * its session when it connects. A session ends by a database change — logout, password change, an administrator
 * ending sessions or disabling the user, a row edited by hand — which the database announces to every instance
 * (`schoolflow_auth`, migrations/1732000005000), or by expiry, which no change announces: each instance looks again
 * at its sessions whose time has come. Either way the session is read from the database (never the cache), and a
 * session no longer live gets `session.ended {code}` on each of its sockets, which are then disconnected.
 * Missed notifications (the LISTEN connection lost) are covered by looking at every session when it is back.
 */
@Injectable()
export class SocketSessions implements OnModuleInit, OnApplicationShutdown {
  private readonly bySession = new Map<string, Tracked>();
  private timer: NodeJS.Timeout | undefined;
  /** Sessions asked about while a check is under way: checked together next. */
  private queued = new Set<string>();
  private checking: Promise<void> | undefined;

  constructor(
    private readonly sessions: SessionService,
    private readonly notifications: DatabaseNotifications,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.notifications.on(AUTH_CHANNEL, (payload) => this.changed(payload));
    this.notifications.onReset(() => {
      if (this.notifications.live) this.check([...this.bySession.keys()]);
    });
    this.timer = setInterval(() => this.expireDue(), EXPIRY_TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  add(socket: Socket, sessionId: string, userId: string, expiresAt: Date): void {
    let t = this.bySession.get(sessionId);
    if (!t) {
      t = { userId, expiresAt: expiresAt.getTime(), sockets: new Set() };
      this.bySession.set(sessionId, t);
      // The session may have ended between the handshake's lookup (perhaps from the cache) and now, its notification
      // arriving while it was not tracked yet: a new session is read once from the database (batched with others).
      this.check([sessionId]);
    }
    t.sockets.add(socket);
  }

  remove(socket: Socket, sessionId: string): void {
    const t = this.bySession.get(sessionId);
    if (!t) return;
    t.sockets.delete(socket);
    if (t.sockets.size === 0) this.bySession.delete(sessionId);
  }

  /** `s:<session id>`, `u:<user id>` or `*` (grants: no session ends). */
  private changed(payload: string): void {
    if (payload.startsWith('s:')) {
      const id = payload.slice(2);
      if (this.bySession.has(id)) this.check([id]);
    } else if (payload.startsWith('u:')) {
      const user = payload.slice(2);
      this.check([...this.bySession].filter(([, t]) => t.userId === user).map(([id]) => id));
    }
  }

  private expireDue(): void {
    const now = Date.now();
    const due = [...this.bySession].filter(([, t]) => t.expiresAt <= now).map(([id]) => id);
    if (due.length > 0) this.check(due);
  }

  /** Reads the sessions' state and ends the sockets of those no longer live; calls made meanwhile are batched. */
  private check(ids: readonly string[]): void {
    for (const id of ids) this.queued.add(id);
    if (this.checking || this.queued.size === 0) return;
    this.checking = (async () => {
      while (this.queued.size > 0) {
        const batch = [...this.queued].slice(0, 1000);
        for (const id of batch) this.queued.delete(id);
        try {
          const states = await this.sessions.states(batch);
          for (const [id, state] of states) {
            const t = this.bySession.get(id);
            if (!t) continue;
            if (state.live) t.expiresAt = state.expiresAt.getTime();
            else this.end(id, t, state.code);
          }
        } catch (err) {
          // The database is away: the sockets stay until it is back (expiry is looked at again at the next tick,
          // and every session when the LISTEN connection returns).
          logDatabaseError(err, 'checking the sessions of sockets failed');
          // Looked at again within a second by the expiry tick (a notification's check must not be lost); a later
          // successful check restores the session's real expiry.
          for (const id of batch) {
            const t = this.bySession.get(id);
            if (t) t.expiresAt = Date.now() + 1000;
          }
        }
      }
    })().finally(() => {
      this.checking = undefined;
      if (this.queued.size > 0) this.check([]);
    });
  }

  private end(sessionId: string, t: Tracked, code: number): void {
    this.bySession.delete(sessionId);
    const why: SessionEnded = { code };
    for (const socket of t.sockets) {
      socket.emit(SESSION_ENDED, why);
      socket.disconnect(true);
    }
  }
}
