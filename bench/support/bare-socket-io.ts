import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { mapLimit } from './stats.js';

/**
 * The baseline of bench:push: a bare socket.io server started inside the bench process (no auth, no database),
 * whose only handler acknowledges at once. Answers emit-with-ack round-trip times of one client, optionally while
 * `idleClients` other clients stay connected.
 */
export async function bareRoundTrips(samples: number, warmup: number, idleClients: number): Promise<number[]> {
  const http = createServer();
  const server = new Server(http, { transports: ['websocket'], serveClient: false });
  server.on('connection', (socket) => {
    socket.on('ping', (ack: unknown) => {
      if (typeof ack === 'function') (ack as () => void)();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients: Socket[] = [];
  try {
    const connect = async (): Promise<Socket> => {
      const s = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      clients.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      return s;
    };
    await mapLimit(idleClients, 25, () => connect());
    const probe = await connect();
    const out: number[] = [];
    for (let i = 0; i < warmup + samples; i++) {
      const t0 = performance.now();
      await probe.timeout(10_000).emitWithAck('ping');
      if (i >= warmup) out.push(performance.now() - t0);
    }
    return out;
  } finally {
    for (const c of clients) c.disconnect();
    await server.close();
  }
}
