import { CATCH_UP_PAGE, type CatchUpAnswer, PUSH_EVENTS, PushSequencer } from '@schoolflow/contracts';
import { io, type Socket } from 'socket.io-client';

/**
 * A socket that behaves as the web client does (apps/web/src/realtime/realtime-client.ts): it reconnects by itself,
 * and after every reconnect asks for what it missed since the last seq it applied, holding live pushes back
 * meanwhile; a push that skips a number waits for the missing one and, if it does not come within 300 ms, the
 * client catches up; it drops any seq it has applied (seqs count a user's pushes without gaps, docs/adr/0018). It
 * records every seq it applied, in order — what a user's screen got.
 */
export interface TrackingSocket {
  socket: Socket;
  /** Seqs applied, in the order applied. */
  seqs: string[];
  connects: number;
  close: () => void;
}

export async function trackingSocket(url: string, token: string): Promise<TrackingSocket> {
  const socket = io(url, { path: '/server/socket.io', auth: { token }, transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000, forceNew: true });
  const t: TrackingSocket = { socket, seqs: [], connects: 0, close: () => socket.close() };
  // The web client's own ordering logic: what it would apply is what this records.
  const sequencer = new PushSequencer<null>((_push, seq) => t.seqs.push(seq));
  let gapTimer: NodeJS.Timeout | null = null;
  const catchUp = async (): Promise<void> => {
    sequencer.beginCatchUp();
    try {
      if (sequencer.position === null) {
        const a = (await socket.timeout(10_000).emitWithAck('catch-up', { since: 'latest' })) as CatchUpAnswer;
        sequencer.baseline(a.latest);
        return;
      }
      for (;;) {
        const a = (await socket.timeout(10_000).emitWithAck('catch-up', { since: sequencer.position })) as CatchUpAnswer;
        for (const p of a.pushes) sequencer.stored(p.seq, null);
        if (a.pushes.length < CATCH_UP_PAGE) break;
      }
    } finally {
      if (sequencer.endCatchUp()) waitForGap();
    }
  };
  const waitForGap = (): void => {
    if (gapTimer) return;
    gapTimer = setTimeout(() => {
      gapTimer = null;
      if (sequencer.waiting) void catchUp().catch(() => undefined);
    }, 300);
  };
  for (const event of PUSH_EVENTS) {
    socket.on(event, (p: { seq: string }) => {
      if (sequencer.live(p.seq, null)) waitForGap();
    });
  }
  socket.on('connect', () => {
    t.connects++;
    void catchUp().catch(() => undefined);
  });
  t.close = () => {
    if (gapTimer) clearTimeout(gapTimer);
    socket.close();
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect')), 10_000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  // the first connect's catch-up sets the baseline
  for (let i = 0; i < 50 && sequencer.position === null; i++) await new Promise((r) => setTimeout(r, 20));
  return t;
}
