import { io, type Socket } from 'socket.io-client';
import {
  CATCH_UP_PAGE,
  type ClientToServerEvents,
  EXPIRY_CODES,
  PUSH_EVENTS,
  PUSHES_RESYNC,
  type PushEvent,
  type PushPayloads,
  type Sequenced as SequencedPayload,
  type ServerToClientEvents,
  SESSION_ENDED,
  SESSION_INVALID,
  SOCKET_PATH,
} from '@schoolflow/contracts';
import { getAppConfig } from '../config/app-config.js';
import { showExpiryModal } from '../session/expiry.js';
import { getToken } from '../session/token.js';
import { createStore } from '../util/store.js';

export type { PushEvent };
export type PushPayload<E extends PushEvent> = PushPayloads[E];
export type Sequenced<E extends PushEvent> = SequencedPayload<PushPayloads[E]>;
type ServerEvents = ServerToClientEvents;
type ClientEvents = ClientToServerEvents;

const SEQ_KEY = 'sf_push_seq';
/** The gateway answers at most this many pushes per catch-up. */
const CATCH_UP_TIMEOUT_MS = 10_000;

type Handler<E extends PushEvent> = (payload: Sequenced<E>) => void;
type AnyHandler = (payload: unknown) => void;

export type RealtimeStatus = 'off' | 'connecting' | 'online' | 'offline';
export const realtimeStatus = createStore<RealtimeStatus>('off');

function isPushEvent(name: string): name is PushEvent {
  return (PUSH_EVENTS as readonly string[]).includes(name);
}

function newer(seq: string, than: string | null): boolean {
  if (!/^\d{1,19}$/.test(seq)) return false;
  return than === null || BigInt(seq) > BigInt(than);
}

/**
 * The one socket of the signed-in session. Pushes reach subscribers in seq order, each once: after every
 * (re)connect it asks for what it missed since the last seq it applied, holding live pushes back meanwhile, and
 * drops anything at or below that seq. The last seq lives in memory and sessionStorage (per account), so a
 * reload of the tab catches up too. A tab's first connection only sets the baseline (pages load fresh data
 * anyway) and then tells subscribers to resynchronise.
 */
class RealtimeClient {
  private socket: Socket<ServerEvents, ClientEvents> | null = null;
  private account = '';
  private lastSeq: string | null = null;
  private catchingUp = false;
  /** Bumped at every (re)connect: a catch-up left over from an earlier connection gives way. */
  private generation = 0;
  private held: { event: PushEvent; payload: Record<string, unknown> }[] = [];
  private readonly handlers = new Map<PushEvent, Set<AnyHandler>>();
  private readonly resyncHandlers = new Set<() => void>();

  connect(account: string): void {
    if (this.socket && this.account === account) return;
    this.disconnect();
    this.account = account;
    this.lastSeq = this.readSeq();
    const socket: Socket<ServerEvents, ClientEvents> = io({
      path: SOCKET_PATH.replace(/^\/server/, getAppConfig().BASE_API),
      transports: ['websocket', 'polling'],
      // A function, so every reconnect presents the current (possibly renewed) token.
      auth: (cb) => cb({ token: getToken() ?? '' }),
    });
    this.socket = socket;
    realtimeStatus.set('connecting');
    socket.on('connect', () => {
      realtimeStatus.set('online');
      void this.catchUp(socket);
    });
    socket.on('disconnect', () => realtimeStatus.set('offline'));
    // A refused handshake (no live session) fails with message 'session.invalid' and the expiry code.
    socket.on('connect_error', (err: Error & { data?: { code?: unknown } }) => {
      if (err.message !== SESSION_INVALID) return; // network trouble: socket.io keeps retrying
      realtimeStatus.set('offline');
      const code = typeof err.data?.code === 'number' ? err.data.code : 0;
      if (EXPIRY_CODES.includes(code) && getToken()) showExpiryModal();
    });
    // The session ended (signed out elsewhere, password changed, an administrator, expiry): the server disconnects
    // this socket right after, and the user is asked to sign in again.
    socket.on(SESSION_ENDED, (p) => {
      realtimeStatus.set('offline');
      if (EXPIRY_CODES.includes(p.code) && getToken()) showExpiryModal();
    });
    // Pushes from other instances may have been lost while Redis was away: ask for what was missed, by seq.
    socket.on(PUSHES_RESYNC, () => void this.catchUp(socket));
    for (const event of PUSH_EVENTS) {
      socket.on(event, (payload: Sequenced<typeof event>) => this.receive(event, payload as unknown as Record<string, unknown>));
    }
  }

  /** Signing out: close the socket and forget the position (the next account starts afresh). */
  disconnect(forget = false): void {
    if (this.socket) {
      this.socket.removeAllListeners();
      this.socket.disconnect();
      this.socket = null;
    }
    this.catchingUp = false;
    this.held = [];
    realtimeStatus.set('off');
    if (forget) {
      this.lastSeq = null;
      try {
        window.sessionStorage.removeItem(SEQ_KEY);
      } catch {
        // storage disabled: nothing was kept
      }
    }
  }

  subscribe<E extends PushEvent>(event: E, handler: Handler<E>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    const h = handler as AnyHandler;
    set.add(h);
    return () => set.delete(h);
  }

  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  private receive(event: PushEvent, payload: Record<string, unknown>): void {
    if (this.catchingUp) {
      this.held.push({ event, payload });
      return;
    }
    this.apply(event, payload);
  }

  private apply(event: PushEvent, payload: Record<string, unknown>): void {
    const seq = typeof payload.seq === 'string' ? payload.seq : String(payload.seq ?? '');
    if (!newer(seq, this.lastSeq)) return; // seen already (or no seq): never twice
    this.setSeq(seq);
    for (const h of [...(this.handlers.get(event) ?? [])]) {
      try {
        h(payload);
      } catch (err) {
        console.error('push handler failed', event, err);
      }
    }
  }

  private async catchUp(socket: Socket<ServerEvents, ClientEvents>): Promise<void> {
    const generation = ++this.generation;
    const current = () => this.socket === socket && this.generation === generation;
    this.catchingUp = true;
    const baseline = this.lastSeq === null;
    let complete = false;
    try {
      if (baseline) {
        // A tab's first connection: learn the current position; pages load fresh data anyway.
        const answer = await socket.timeout(CATCH_UP_TIMEOUT_MS).emitWithAck('catch-up', { since: 'latest' });
        if (!current()) return;
        if (/^\d{1,19}$/.test(answer.latest)) this.setSeq(answer.latest);
      }
      // Page through: the gateway answers at most CATCH_UP_PAGE pushes at a time.
      for (;;) {
        const since = this.lastSeq ?? '0';
        const answer = await socket.timeout(CATCH_UP_TIMEOUT_MS).emitWithAck('catch-up', { since });
        if (!current()) return;
        const pushes = Array.isArray(answer?.pushes) ? answer.pushes : [];
        for (const p of pushes) {
          if (baseline || !isPushEvent(p.event)) {
            if (newer(p.seq, this.lastSeq)) this.setSeq(p.seq); // baseline, or an event this client does not know
          } else {
            this.apply(p.event, { ...p.payload, seq: p.seq });
          }
        }
        if (pushes.length < CATCH_UP_PAGE) break;
      }
      complete = true;
    } catch (err) {
      console.warn('catch-up failed', err); // live pushes still flow; the next reconnect tries again
    } finally {
      if (current()) {
        this.catchingUp = false;
        const held = this.held.sort((a, b) => (newer(String(a.payload.seq), String(b.payload.seq)) ? 1 : -1));
        this.held = [];
        if (baseline && complete && this.lastSeq === null) this.setSeq('0');
        for (const h of held) this.apply(h.event, h.payload);
        if (baseline || !complete) for (const h of [...this.resyncHandlers]) h();
      }
    }
  }

  private readSeq(): string | null {
    try {
      const raw = window.sessionStorage.getItem(SEQ_KEY);
      const stored = raw ? (JSON.parse(raw) as { account?: unknown; seq?: unknown }) : null;
      return stored && stored.account === this.account && typeof stored.seq === 'string' && /^\d{1,19}$/.test(stored.seq) ? stored.seq : null;
    } catch {
      return null; // unreadable: start from a fresh baseline
    }
  }

  private setSeq(seq: string): void {
    this.lastSeq = seq;
    try {
      window.sessionStorage.setItem(SEQ_KEY, JSON.stringify({ account: this.account, seq }));
    } catch {
      // storage disabled: memory only
    }
  }
}

export const realtime = new RealtimeClient();
