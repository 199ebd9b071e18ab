import { io, type Socket } from 'socket.io-client';
import {
  CATCH_UP_PAGE,
  type CatchUpAnswer,
  type ClientToServerEvents,
  type ElectiveBatchPush,
  type ElectiveSeatsPush,
  EXPIRY_CODES,
  JOB_PROGRESS,
  type JobProgress,
  MESSAGE_COUNTERS,
  type MessageCounters,
  PUSH_ALSO_AS,
  PUSH_EVENTS,
  PUSHES_RESYNC,
  PushSequencer,
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
import { onLocalSessionCleared } from '../session/session-store.js';
import { getToken } from '../session/token.js';
import { createStore } from '../util/store.js';

export type { PushEvent };

/** A page watching an elective batch: its seats, its state, and a reconnect (read everything again). */
export interface ElectiveWatcher {
  seats(p: ElectiveSeatsPush): void;
  state(p: ElectiveBatchPush): void;
  reconnected(): void;
}
export type PushPayload<E extends PushEvent> = PushPayloads[E];
export type Sequenced<E extends PushEvent> = SequencedPayload<PushPayloads[E]>;
type ServerEvents = ServerToClientEvents;
type ClientEvents = ClientToServerEvents;

// Per-user seqs (docs/adr/0018); the key changed with them, so a position stored under the old global numbering is
// never read as a per-user one.
const SEQ_KEY = 'sf_push_useq';
/** How long a push that skipped a number waits for the missing one (it may come a hop later, through Redis). */
const GAP_WAIT_MS = 300;
/** Sockets told to catch up all at once (Redis is back) spread their catch-ups over this long. */
const RESYNC_SPREAD_MS = 5000;
/** The gateway answers at most this many pushes per catch-up. */
const CATCH_UP_TIMEOUT_MS = 10_000;

type Handler<E extends PushEvent> = (payload: Sequenced<E>) => void;
type AnyHandler = (payload: unknown) => void;

export type RealtimeStatus = 'off' | 'connecting' | 'online' | 'offline';
export const realtimeStatus = createStore<RealtimeStatus>('off');

function isPushEvent(name: string): name is PushEvent {
  return (PUSH_EVENTS as readonly string[]).includes(name);
}

type Push = { event: string; payload: Record<string, unknown> };

/**
 * The one socket of the signed-in session. Pushes reach subscribers in seq order, each once (PushSequencer, docs/adr/
 * 0018): after every (re)connect it asks for what it missed since the last seq it applied, holding live pushes back
 * meanwhile; a push that skips a number waits GAP_WAIT_MS for the missing one, then the client catches up. The last
 * seq lives in memory and sessionStorage (per account), so a reload of the tab catches up too. A tab's first
 * connection only sets the baseline (pages load fresh data anyway) and then tells subscribers to resynchronise.
 */
class RealtimeClient {
  private socket: Socket<ServerEvents, ClientEvents> | null = null;
  private account = '';
  private sequencer = this.newSequencer(null);
  /** Bumped at every (re)connect: a catch-up left over from an earlier connection gives way. */
  private generation = 0;
  private gapTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly handlers = new Map<PushEvent, Set<AnyHandler>>();
  private readonly resyncHandlers = new Set<() => void>();
  private readonly jobHandlers = new Set<(progress: JobProgress) => void>();
  private readonly counterHandlers = new Set<(counters: MessageCounters) => void>();
  /** The elective batches a page watches (docs/adr/0043-electives.md#seats), joined again after every reconnect. */
  private readonly electiveWatchers = new Map<string, Set<ElectiveWatcher>>();

  connect(account: string): void {
    if (this.socket && this.account === account) return;
    this.disconnect();
    this.account = account;
    this.sequencer = this.newSequencer(this.readSeq());
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
      // rooms do not survive a reconnect: join each watched batch again, and let its page read what it missed
      for (const [batchId, watchers] of this.electiveWatchers) {
        socket.emit('elective.watch', { batchId }, () => undefined);
        for (const w of watchers) w.reconnected();
      }
    });
    // An elective batch's seats and state: outside the user's sequence (superseded by the next; re-read on reconnect).
    socket.on('elective.seats', (p) => {
      for (const w of this.electiveWatchers.get(p.batchId) ?? []) w.seats(p);
    });
    socket.on('elective.batch', (p) => {
      for (const w of this.electiveWatchers.get(p.batchId) ?? []) w.state(p);
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
    // Pushes from other instances may have been lost while Redis was away: ask for what was missed, by seq — each
    // client after a random moment within RESYNC_SPREAD_MS, so every socket of every instance does not ask at once.
    socket.on(PUSHES_RESYNC, () => {
      setTimeout(() => {
        if (this.socket === socket) void this.catchUp(socket);
      }, Math.random() * RESYNC_SPREAD_MS);
    });
    // A job's progress is not one of the user's sequenced pushes: nothing to replay (the page polls the job as well).
    // The typed socket knows only the sequenced events, hence the plain listener.
    (socket as unknown as Socket).on(JOB_PROGRESS, (payload: unknown) => {
      if (typeof payload !== 'object' || payload === null) return;
      for (const h of [...this.jobHandlers]) {
        try {
          h(payload as JobProgress);
        } catch (err) {
          console.error('job progress handler failed', err);
        }
      }
    });
    // The inbox counters (issue 26) are a hint like a job's progress: nothing to replay, a page reads them after a reconnect.
    (socket as unknown as Socket).on(MESSAGE_COUNTERS, (payload: unknown) => {
      if (typeof payload !== 'object' || payload === null) return;
      for (const h of [...this.counterHandlers]) h(payload as MessageCounters);
    });
    for (const event of PUSH_EVENTS) {
      socket.on(event, (payload: Sequenced<typeof event>) => {
        const p = payload as unknown as Record<string, unknown>;
        if (this.sequencer.live(String(p.seq ?? ''), { event, payload: p })) this.waitForGap();
      });
    }
  }

  /** Signing out: close the socket and forget the position (the next account starts afresh). */
  disconnect(forget = false): void {
    if (this.socket) {
      this.socket.removeAllListeners();
      this.socket.disconnect();
      this.socket = null;
    }
    this.sequencer.clear();
    if (this.gapTimer) clearTimeout(this.gapTimer);
    this.gapTimer = null;
    realtimeStatus.set('off');
    if (forget) {
      this.sequencer = this.newSequencer(null);
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

  /** Watch an elective batch's seats and state while a page shows it; answers the unwatch. */
  watchElective(batchId: string, watcher: ElectiveWatcher): () => void {
    let watchers = this.electiveWatchers.get(batchId);
    if (!watchers) {
      watchers = new Set();
      this.electiveWatchers.set(batchId, watchers);
      if (this.socket?.connected) this.socket.emit('elective.watch', { batchId }, () => undefined);
    }
    watchers.add(watcher);
    return () => {
      watchers.delete(watcher);
      if (watchers.size > 0) return;
      this.electiveWatchers.delete(batchId);
      if (this.socket?.connected) this.socket.emit('elective.unwatch', { batchId }, () => undefined);
    };
  }

  /** Every `job.progress` push (an import running as a background job); answers the unsubscribe. */
  onJobProgress(handler: (progress: JobProgress) => void): () => void {
    this.jobHandlers.add(handler);
    return () => {
      this.jobHandlers.delete(handler);
    };
  }

  /** Every `message.counters` push (my inbox counters changed on another page); answers the unsubscribe. */
  onMessageCounters(handler: (counters: MessageCounters) => void): () => void {
    this.counterHandlers.add(handler);
    return () => {
      this.counterHandlers.delete(handler);
    };
  }

  /** Each push once, in seq order: its position is kept, and subscribers of an event this client knows are told. */
  private newSequencer(position: string | null): PushSequencer<Push> {
    return new PushSequencer<Push>((push, seq) => {
      this.setSeq(seq);
      if (!isPushEvent(push.event)) return; // an event this client does not know: only its position counts
      const also = PUSH_ALSO_AS[push.event];
      const handlers = [...(this.handlers.get(push.event) ?? []), ...(also ? (this.handlers.get(also) ?? []) : [])];
      for (const h of handlers) {
        try {
          h({ ...push.payload, seq });
        } catch (err) {
          console.error('push handler failed', push.event, err);
        }
      }
    }, position);
  }

  /** A number is missing: give it GAP_WAIT_MS to arrive (it may be a hop behind), then ask for what is missing. */
  private waitForGap(): void {
    if (this.gapTimer) return;
    this.gapTimer = setTimeout(() => {
      this.gapTimer = null;
      const socket = this.socket;
      if (socket && this.sequencer.waiting) void this.catchUp(socket);
    }, GAP_WAIT_MS);
  }

  private async catchUp(socket: Socket<ServerEvents, ClientEvents>): Promise<void> {
    const generation = ++this.generation;
    const current = () => this.socket === socket && this.generation === generation;
    const sequencer = this.sequencer;
    sequencer.beginCatchUp();
    const baseline = sequencer.position === null;
    let complete = false;
    const ask = async (since: string): Promise<CatchUpAnswer> => {
      const answer = await socket.timeout(CATCH_UP_TIMEOUT_MS).emitWithAck('catch-up', { since });
      if ('msg' in answer) throw new Error(answer.msg); // a refused request (this client sends none): try again later
      return answer;
    };
    try {
      if (baseline) {
        // A tab's first connection: learn the current position; pages load fresh data anyway.
        const answer = await ask('latest');
        if (!current()) return;
        sequencer.baseline(answer.latest);
        this.setSeq(sequencer.position ?? '0');
      }
      // Page through: the gateway answers at most CATCH_UP_PAGE pushes at a time.
      for (;;) {
        const since = sequencer.position ?? '0';
        const answer = await ask(since);
        if (!current()) return;
        const pushes = Array.isArray(answer?.pushes) ? answer.pushes : [];
        for (const p of pushes) {
          if (baseline) sequencer.baseline(p.seq); // a first connection applies nothing: it only learns where it is
          else sequencer.stored(p.seq, { event: p.event, payload: p.payload });
        }
        if (pushes.length < CATCH_UP_PAGE) break;
      }
      complete = true;
    } catch (err) {
      console.warn('catch-up failed', err); // live pushes still flow; the next reconnect tries again
    } finally {
      if (current()) {
        if (baseline && sequencer.position !== null) this.setSeq(sequencer.position);
        // Live pushes that came meanwhile: those that follow apply now; one past a gap waits for it (or the next
        // catch-up), since a push committed just before may still be a hop away.
        if (sequencer.endCatchUp()) this.waitForGap();
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
    try {
      window.sessionStorage.setItem(SEQ_KEY, JSON.stringify({ account: this.account, seq }));
    } catch {
      // storage disabled: memory only
    }
  }
}

export const realtime = new RealtimeClient();
// Signing out on this device ends the socket and forgets its position.
onLocalSessionCleared(() => realtime.disconnect(true));
